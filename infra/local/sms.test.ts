import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTextSender,
  isOptedOut,
  isTextRefused,
  textContextOf,
  type TextMessage,
} from '@reviewroute/functions/domains/requests/text-sender';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';
import { startSms, type LocalSms, type LocalSnsEvent, type LocalText } from './sms';

describe('the local End User Messaging SMS and the text sender on the real SDK client', () => {
  let sms: LocalSms;
  let sender: ReturnType<typeof createTextSender>;
  const events: LocalSnsEvent[] = [];
  const messages = () => events.map((e) => JSON.parse(e.Records[0]!.Sns.Message) as Record<string, unknown>);

  beforeAll(async () => {
    sms = await startSms({ port: 0 });
    sms.subscribe((event) => events.push(event));
    sender = createTextSender(
      () => ({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: sms.url }),
      'reviewroute-local-texts',
    );
  });
  afterAll(async () => {
    sender.destroy();
    await sms.stop();
  });

  const text = (
    to: string,
    body = 'Thanks for visiting us! Share your experience: http://localhost/r/abc123',
  ): TextMessage => ({
    to,
    body,
    originator: 'Bakkerij',
    idempotencyKey: `b-1/${to}`,
    context: textContextOf({ userId: 'owner-1', batchId: 'b-1', recipientId: '00001' }),
  });

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${sms.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const textsTo = async (to: string) =>
    ((await (await fetch(`${sms.url}/texts?to=${encodeURIComponent(to)}`)).json()) as { texts: LocalText[] }).texts;

  it('takes SendTextMessage from the SDK client as the service does: transactional, with the configuration set and the Context', async () => {
    const { messageId } = await sender.send(text('+31612345678'));
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    const [kept] = await textsTo('+31612345678');
    expect(kept).toMatchObject({
      messageId,
      to: '+31612345678',
      originator: 'Bakkerij',
      messageType: 'TRANSACTIONAL',
      configurationSet: 'reviewroute-local-texts',
      context: { owner: 'owner-1', batch: 'b-1', recipient: '00001', idempotencyKey: 'b-1/+31612345678' },
      status: 'QUEUED',
    });
    // Queued is reported at once, with the Context, through the SNS topic's Lambda event.
    await expect
      .poll(() => messages().find((m) => m.messageId === messageId))
      .toMatchObject({
        eventType: 'TEXT_QUEUED',
        context: { owner: 'owner-1', batch: 'b-1', recipient: '00001' },
      });
  });

  it('refuses a number that is not E.164 as the service does (a ValidationException the sender calls a refusal)', async () => {
    const error = await sender.send(text('0612345678')).catch((e: unknown) => e);
    expect((error as Error).name).toBe('ValidationException');
    expect(isTextRefused(error)).toBe(true);
    expect(isOptedOut(error)).toBe(false);
    expect(await textsTo('0612345678')).toEqual([]);
  });

  it('reports a simulated delivery and failure as the configuration set’s event destination does', async () => {
    const delivered = await sender.send(text('+31611111111'));
    const failed = await sender.send(text('+31622222222'));
    expect((await post('/simulate/delivery', { messageId: delivered.messageId, status: 'DELIVERED' })).status).toBe(
      200,
    );
    expect((await post('/simulate/delivery', { messageId: failed.messageId, status: 'FAILED' })).status).toBe(200);
    expect((await post('/simulate/delivery', { messageId: 'nope', status: 'FAILED' })).status).toBe(404);
    await expect
      .poll(() =>
        messages()
          .filter((m) => m.isFinal === true)
          .map((m) => [m.messageId, m.eventType, m.messageStatus]),
      )
      .toEqual([
        [delivered.messageId, 'TEXT_DELIVERED', 'DELIVERED'],
        [failed.messageId, 'TEXT_UNREACHABLE', 'UNREACHABLE'],
      ]);
    expect((await textsTo('+31611111111'))[0]!.status).toBe('DELIVERED');
    expect(events.every((e) => e.Records[0]!.EventSource === 'aws:sns')).toBe(true);
  });

  it('publishes a STOP reply from the two-way channel, answering the last text, and opts the number out', async () => {
    const { messageId } = await sender.send(text('+31633333333'));
    const reply = await post('/simulate/reply', { from: '+31633333333', body: 'stoppen' });
    expect(reply.status).toBe(200);
    await expect
      .poll(() => messages().find((m) => m.originationNumber === '+31633333333'))
      .toEqual({
        originationNumber: '+31633333333',
        destinationNumber: 'Bakkerij',
        messageKeyword: 'STOP',
        messageBody: 'stoppen',
        inboundMessageId: reply.body.inboundMessageId,
        previousPublishedMessageId: messageId,
      });
    // The opt-out list: the next text to that number is refused, for good.
    const error = await sender.send(text('+31633333333')).catch((e: unknown) => e);
    expect((error as Error).name).toBe('ConflictException');
    expect(isTextRefused(error)).toBe(true);
    expect(isOptedOut(error)).toBe(true);
  });

  it('keeps its texts and opt-outs across a restart on a data directory (npm start)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reviewroute-sms-'));
    try {
      const first = await startSms({ port: 0, dataDir });
      const kept = createTextSender(
        () => ({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: first.url }),
        undefined,
      );
      await kept.send(text('+31644444444'));
      await fetch(`${first.url}/simulate/reply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: '+31644444444', body: 'STOP' }),
      });
      kept.destroy();
      await first.stop();
      const second = await startSms({ port: 0, dataDir });
      expect(second.texts().map((t) => t.to)).toEqual(['+31644444444']);
      const again = createTextSender(
        () => ({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: second.url }),
        undefined,
      );
      await expect(again.send(text('+31644444444'))).rejects.toMatchObject({ name: 'ConflictException' });
      again.destroy();
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('shows each number’s texts as a phone does: sender, body with its link clickable, and the replies', async () => {
    const html = await (await fetch(sms.url)).text();
    expect(html).toContain('aria-label="Texts to +31611111111"');
    expect(html).toContain('<div class="sender">Bakkerij</div>');
    expect(html).toContain('<a href="http://localhost/r/abc123"');
    expect(html).toContain('<div class="bubble">stoppen</div>');
    expect(html).toContain('Opted out (replied STOP)');
  });
});
