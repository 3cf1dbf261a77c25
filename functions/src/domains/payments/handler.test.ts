import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPaymentResponseSchema, paymentListSchema, paymentSchema, type LambdaEnv } from '@reviewroute/shared';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { createHandler, createPaymentsHandler, mollieSettingsOf } from './handler';
import { memoryPaymentService } from '../../../testing/domains/payments';

const other = '8f1c2b4e-0000-4000-8000-000000000002';

function setup() {
  const memory = memoryPaymentService();
  const handler = createPaymentsHandler(() => memory.service);
  const call = async (event: ReturnType<typeof sampleEvent>) => {
    const res = await handler(event, lambdaContext());
    return { status: res.statusCode!, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
  };
  return { ...memory, call };
}

const webhookEvent = (body: string | undefined, contentType: string | undefined, base64 = false) => {
  const event = sampleEvent('payment-webhook');
  event.headers = { ...event.headers };
  delete event.headers['content-type'];
  if (contentType !== undefined) event.headers['Content-Type'] = contentType;
  event.body = body === undefined ? undefined : base64 ? Buffer.from(body).toString('base64') : body;
  event.isBase64Encoded = base64;
  return event;
};

describe('payments handler', () => {
  it('creates (201), reads and lists the owner’s payments; another owner gets 404', async () => {
    const { call } = setup();
    const created = await call(sampleEvent('create-payment'));
    expect(created.status).toBe(201);
    const { paymentId } = createPaymentResponseSchema.parse(created.body);

    const get = sampleEvent('get-payment');
    get.pathParameters = { paymentId };
    const mine = await call(get);
    expect(mine.status).toBe(200);
    expect(paymentSchema.parse(mine.body)).toMatchObject({ id: paymentId, amount: 120, status: 'pending' });

    get.requestContext.authorizer.jwt.claims.sub = other;
    expect((await call(get)).status).toBe(404);

    const list = await call(sampleEvent('list-payments'));
    expect(paymentListSchema.parse(list.body).payments.map((p) => p.id)).toEqual([paymentId]);
  });

  it('reads Mollie’s form-encoded webhook (base64 as API Gateway passes it) and JSON alike', async () => {
    const { call, service, provider, billing } = setup();
    const first = await service.create('u1', { kind: 'plan', plan: 'growth' });
    const second = await service.create('u1', { kind: 'plan', plan: 'starter' });
    provider.setStatus(first.paymentId, 'paid');
    provider.setStatus(second.paymentId, 'failed');

    const sample = sampleEvent('payment-webhook');
    sample.body = Buffer.from(`id=${first.paymentId}`).toString('base64');
    expect(await call(sample)).toEqual({ status: 200, body: undefined });
    expect((await billing.get('u1', first.paymentId))!.status).toBe('completed');

    const json = await call(webhookEvent(JSON.stringify({ id: second.paymentId }), 'application/json'));
    expect(json.status).toBe(200);
    expect((await billing.get('u1', second.paymentId))!.status).toBe('failed');

    const plainForm = await call(webhookEvent(`id=${second.paymentId}&extra=1`, 'application/x-www-form-urlencoded'));
    expect(plainForm.status).toBe(200);
  });

  it('answers 200 to a forged id and 4xx to an unreadable body, storing nothing', async () => {
    const { call, billing } = setup();
    expect((await call(webhookEvent('id=tr_forged99', 'application/x-www-form-urlencoded', true))).status).toBe(200);
    for (const [body, type] of [
      ['', 'application/x-www-form-urlencoded'],
      ['nothing=here', 'application/x-www-form-urlencoded'],
      ['id=', 'application/x-www-form-urlencoded'],
      ['{not json', 'application/json'],
      ['id=tr_x', 'text/plain'],
      [`id=tr_${'a'.repeat(20_000)}`, 'application/x-www-form-urlencoded'],
      [undefined, undefined],
    ] as const) {
      const { status } = await call(webhookEvent(body, type));
      expect(status, `${String(body)} ${String(type)}`).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    expect(billing.records.size).toBe(0);
  });

  it('never answers 5xx to garbage on any payments route, and the webhook stores nothing for it', async () => {
    const { call, billing } = setup();
    const routes = ['payment-webhook', 'create-payment', 'get-payment', 'list-payments'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.string().map((s) => `id=${encodeURIComponent(s)}`),
        ),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', undefined),
        fc.boolean(),
        fc.string(),
        async (route, body, type, base64, pathValue) => {
          const event = webhookEvent(body, type, base64);
          const sample = sampleEvent(route);
          const garbage = { ...sample, headers: event.headers, body: event.body, isBase64Encoded: base64 };
          if (route === 'get-payment') garbage.pathParameters = { paymentId: pathValue };
          const before = billing.records.size;
          const { status } = await call(garbage);
          expect(status).toBeLessThan(500);
          if (route === 'payment-webhook') expect(billing.records.size).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the Mollie key', () => {
  const secretOf = (value: string | undefined) => async () => value;

  it('comes from MOLLIE_API_KEY locally and from the secret in AWS; a placeholder is no key', async () => {
    expect(
      await mollieSettingsOf(
        { MOLLIE_API_KEY: 'test_abcdefghijklmnopqrstuvwxyz0123', MOLLIE_API_ENDPOINT: 'https://localhost:1/v2/' },
        secretOf(undefined),
      ),
    ).toEqual({ apiKey: 'test_abcdefghijklmnopqrstuvwxyz0123', apiEndpoint: 'https://localhost:1/v2/' });
    expect(
      await mollieSettingsOf(
        { MOLLIE_API_KEY_SECRET_ARN: 'arn:secret' },
        secretOf(' live_abcdefghijklmnopqrstuvwxyz01\n'),
      ),
    ).toEqual({ apiKey: 'live_abcdefghijklmnopqrstuvwxyz01', apiEndpoint: undefined });
    expect(await mollieSettingsOf({ MOLLIE_API_KEY_SECRET_ARN: 'arn:secret' }, secretOf('REPLACE_ME'))).toBeUndefined();
    expect(await mollieSettingsOf({}, secretOf('live_abcdefghijklmnopqrstuvwxyz01'))).toBeUndefined();
  });

  it('is read once per container, and without one the webhook answers 503 so Mollie retries', async () => {
    const reads: string[] = [];
    const env = {
      TABLE_NAME: 't',
      ASSETS_BUCKET: 'b',
      USER_POOL_ID: 'p',
      SITE_ORIGIN: 'https://app.example',
      AWS_REGION: 'eu-west-1',
      MOLLIE_API_KEY_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:000000000000:secret:mollie',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
    } as LambdaEnv;
    const handler = createHandler(env, async (id) => {
      reads.push(id);
      return 'placeholder';
    });
    for (let i = 0; i < 3; i++) {
      const res = await handler(sampleEvent('payment-webhook'), lambdaContext());
      expect(res.statusCode).toBe(503);
    }
    expect(reads).toHaveLength(1);
  });
});
