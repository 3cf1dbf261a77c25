import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { isOptOutReply } from '@reviewroute/functions/domains/requests/text-events';
import { LOCAL_HOST, closeServer, listen } from './ports';
import { LOCAL_REGION } from './env';
import { phoneViewHtml } from './sms-phone-view';

/**
 * A loopback stand-in for AWS End User Messaging SMS (the `pinpoint-sms-voice-v2` API) that the real
 * `@aws-sdk/client-pinpoint-sms-voice-v2` client talks to: its JSON protocol (awsJson1_0, `POST /` with
 * `X-Amz-Target: PinpointSMSVoiceV2.SendTextMessage`), answering `{ MessageId }` or the service's error body
 * (`ValidationException` for a number that is not E.164, `ConflictException` with `DESTINATION_PHONE_NUMBER_OPTED_OUT`
 * for a number that replied STOP, as the service's opt-out list does). It keeps every text and serves:
 *
 * - `GET /`: the phone view, one column of bubbles per number (sender, body, links), each text's delivery state and
 *   buttons to report it delivered or failed, or to reply STOP from that number;
 * - `GET /texts` (optionally `?to=+316…`): the texts as JSON, oldest first (tests); `GET /replies`: the customers'
 *   replies; `GET /version`: a count of changes, which the phone view polls to show news;
 * - `POST /simulate/delivery` `{ messageId, status: 'DELIVERED' | 'FAILED' }`: the carrier's delivery report;
 * - `POST /simulate/reply` `{ from, body }`: an inbound text from a customer's number (`STOP`, `STOPPEN`, …),
 *   answering the last text sent to that number.
 *
 * Each delivery report and inbound text is published as AWS delivers them to the text-events worker: the
 * configuration set's event destination and the two-way channel, both an SNS topic, whose Lambda subscription gets
 * an SNS event (`Records[].Sns.Message` holding the service's JSON). A sent text is reported `TEXT_QUEUED` at
 * once (its Context names the request, so a later reply can be traced to it).
 */

/** One text as the local service keeps it. */
export interface LocalText {
  messageId: string;
  to: string;
  originator: string;
  body: string;
  messageType: string;
  configurationSet: string | null;
  context: Record<string, string>;
  sentAt: string;
  /** The last delivery report: `QUEUED` until one is simulated. */
  status: 'QUEUED' | 'DELIVERED' | 'FAILED';
}

/** A text a customer sent to the service (the two-way channel). */
export interface LocalInboundText {
  inboundMessageId: string;
  from: string;
  to: string;
  body: string;
  receivedAt: string;
  /** The text it answers. */
  previousPublishedMessageId: string | null;
}

/** An SNS notification as Lambda's SNS subscription delivers it. */
export interface LocalSnsEvent {
  Records: {
    EventSource: 'aws:sns';
    EventVersion: '1.0';
    EventSubscriptionArn: string;
    Sns: {
      Type: 'Notification';
      MessageId: string;
      TopicArn: string;
      Subject: null;
      Message: string;
      Timestamp: string;
      SignatureVersion: '1';
      Signature: string;
      SigningCertUrl: string;
      UnsubscribeUrl: string;
      MessageAttributes: Record<string, never>;
    };
  }[];
}

export type TextEventListener = (event: LocalSnsEvent) => void;

export interface LocalSms {
  /** The phone view and the test API; also the SDK's endpoint (AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2). */
  url: string;
  port: number;
  texts(): readonly LocalText[];
  /** Calls the listener for every delivery report and inbound text until the returned function is called. */
  subscribe(listener: TextEventListener): () => void;
  stop(): Promise<void>;
}

export interface LocalSmsOptions {
  port: number;
  /** Keeps the texts, replies and opt-outs in `<dataDir>/sms.json` across restarts (`npm start`). */
  dataDir?: string;
  log?: (line: string) => void;
}

/** The topic the local events come from (the configuration set's destination and the two-way channel's). */
export const localTextEventsTopic = `arn:aws:sns:${LOCAL_REGION}:000000000000:reviewroute-local-text-events`;

const e164 = /^\+[1-9]\d{6,14}$/;

interface Stored {
  texts: LocalText[];
  inbound: LocalInboundText[];
  optedOut: string[];
}

/** The SNS event Lambda gets for one message of the topic. */
export function snsEventOf(message: unknown, now = new Date()): LocalSnsEvent {
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${localTextEventsTopic}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: localTextEventsTopic,
          Subject: null,
          Message: JSON.stringify(message),
          Timestamp: now.toISOString(),
          SignatureVersion: '1',
          Signature: 'local',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

/** A text's delivery event as the configuration set's event destination publishes it (the fields the service sets). */
export function deliveryEventOf(text: LocalText, status: LocalText['status'], now = new Date()) {
  const eventType =
    status === 'DELIVERED' ? 'TEXT_DELIVERED' : status === 'FAILED' ? 'TEXT_UNREACHABLE' : 'TEXT_QUEUED';
  return {
    eventType,
    eventVersion: '1.0',
    eventTimestamp: now.getTime(),
    isFinal: status !== 'QUEUED',
    originationPhoneNumber: text.originator,
    destinationPhoneNumber: text.to,
    isInternationalSend: false,
    messageId: text.messageId,
    messageRequestTimestamp: Date.parse(text.sentAt),
    messageEncoding: /^[\x20-\x7e\n\r]*$/.test(text.body) ? 'GSM' : 'UCS2',
    messageType: text.messageType,
    messageStatus: status === 'FAILED' ? 'UNREACHABLE' : status,
    messageStatusDescription:
      status === 'DELIVERED'
        ? 'Message has been delivered to the handset'
        : status === 'FAILED'
          ? 'The handset could not be reached'
          : 'Message has been queued for delivery',
    context: text.context,
    totalMessageParts: 1,
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A JSON body, or a form's (the phone view's buttons post forms). */
async function fieldsOf(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const json = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
};

/** The service's error body (awsJson1_0): `__type` names the exception the SDK throws. */
const awsError = (res: http.ServerResponse, status: number, type: string, message: string, extra = {}) =>
  json(res, status, { __type: type, message, ...extra }, 'application/x-amz-json-1.0');

/** Starts the local End User Messaging SMS on `options.port` (0: a free one). */
export async function startSms(options: LocalSmsOptions): Promise<LocalSms> {
  const file = options.dataDir ? path.join(options.dataDir, 'sms.json') : undefined;
  const stored: Stored =
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Stored)
      : { texts: [], inbound: [], optedOut: [] };
  const optedOut = new Set(stored.optedOut);
  const write = () => {
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ ...stored, optedOut: [...optedOut] } satisfies Stored));
  };
  // At most one write of the file a second, and one at stop: a batch of 5,000 texts is not 5,000 rewrites of it.
  let pending: NodeJS.Timeout | undefined;
  /** Counts every change (a text, a report, a reply): the phone view reloads when it moves. */
  let version = 0;
  const save = () => {
    version += 1;
    if (!file || pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      write();
    }, 1000);
    pending.unref();
  };
  const listeners = new Set<TextEventListener>();
  const publish = (message: unknown) => {
    const event = snsEventOf(message);
    // The service publishes after it answered: so does the stand-in.
    setImmediate(() => {
      for (const listener of listeners) listener(event);
    });
  };
  const log = options.log ?? (() => undefined);

  const sendText = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const input = JSON.parse((await readBody(req)) || '{}') as {
      DestinationPhoneNumber?: string;
      OriginationIdentity?: string;
      MessageBody?: string;
      MessageType?: string;
      ConfigurationSetName?: string;
      Context?: Record<string, string>;
    };
    const to = input.DestinationPhoneNumber ?? '';
    if (!e164.test(to)) return awsError(res, 400, 'ValidationException', `Invalid destination phone number: ${to}`);
    if (!input.MessageBody) return awsError(res, 400, 'ValidationException', 'MessageBody is required');
    if (optedOut.has(to))
      return awsError(res, 409, 'ConflictException', 'The destination phone number is opted out', {
        Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT',
        ResourceType: 'opt-out-list',
        ResourceId: 'Default',
      });
    const text: LocalText = {
      messageId: randomUUID(),
      to,
      originator: input.OriginationIdentity ?? 'ReviewRoute',
      body: input.MessageBody,
      messageType: input.MessageType ?? 'TRANSACTIONAL',
      configurationSet: input.ConfigurationSetName ?? null,
      context: input.Context ?? {},
      sentAt: new Date().toISOString(),
      status: 'QUEUED',
    };
    stored.texts.push(text);
    save();
    json(res, 200, { MessageId: text.messageId }, 'application/x-amz-json-1.0');
    log(`[sms] text to ${to} from ${text.originator}`);
    if (text.configurationSet) publish(deliveryEventOf(text, 'QUEUED'));
  };

  const simulateDelivery = async (fields: Record<string, unknown>) => {
    const text = stored.texts.find((t) => t.messageId === fields.messageId);
    const status = fields.status;
    if (!text) return { status: 404, body: { message: `No text ${String(fields.messageId)}` } };
    if (status !== 'DELIVERED' && status !== 'FAILED')
      return { status: 400, body: { message: 'status is DELIVERED or FAILED' } };
    text.status = status;
    save();
    if (text.configurationSet) publish(deliveryEventOf(text, status));
    return { status: 200, body: text };
  };

  const simulateReply = async (fields: Record<string, unknown>) => {
    const from = typeof fields.from === 'string' ? fields.from : '';
    const body = typeof fields.body === 'string' ? fields.body : '';
    if (!e164.test(from) || !body) return { status: 400, body: { message: 'from (E.164) and body are required' } };
    const answered = stored.texts.filter((t) => t.to === from).at(-1);
    const reply: LocalInboundText = {
      inboundMessageId: randomUUID(),
      from,
      to: answered?.originator ?? 'ReviewRoute',
      body,
      receivedAt: new Date().toISOString(),
      previousPublishedMessageId: answered?.messageId ?? null,
    };
    stored.inbound.push(reply);
    // The service's opt-out list: a STOP keeps every later text from the number, whoever sends it.
    if (isOptOutReply(body)) optedOut.add(from);
    save();
    publish({
      originationNumber: reply.from,
      destinationNumber: reply.to,
      messageKeyword: isOptOutReply(body) ? 'STOP' : body.trim().split(/\s+/)[0]!.toUpperCase(),
      messageBody: reply.body,
      inboundMessageId: reply.inboundMessageId,
      ...(reply.previousPublishedMessageId ? { previousPublishedMessageId: reply.previousPublishedMessageId } : {}),
    });
    log(`[sms] reply "${body}" from ${from}`);
    return { status: 200, body: reply };
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${LOCAL_HOST}`);
    const target = req.headers['x-amz-target'];
    if (req.method === 'POST' && typeof target === 'string') {
      if (target === 'PinpointSMSVoiceV2.SendTextMessage') return sendText(req, res);
      return awsError(res, 400, 'UnknownOperationException', `The local SMS service does not serve ${target}`);
    }
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(phoneViewHtml(stored.texts, stored.inbound, optedOut, version));
    }
    if (req.method === 'GET' && url.pathname === '/texts') {
      const to = url.searchParams.get('to');
      return json(res, 200, { texts: to ? stored.texts.filter((t) => t.to === to) : stored.texts });
    }
    if (req.method === 'GET' && url.pathname === '/replies') return json(res, 200, { replies: stored.inbound });
    if (req.method === 'GET' && url.pathname === '/version') return json(res, 200, { version });
    if (req.method === 'POST' && (url.pathname === '/simulate/delivery' || url.pathname === '/simulate/reply')) {
      const fields = await fieldsOf(req);
      const answer =
        url.pathname === '/simulate/delivery' ? await simulateDelivery(fields) : await simulateReply(fields);
      // The phone view's buttons post forms and come back to the view; tests post JSON and read the answer.
      if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
        res.writeHead(303, { location: '/' });
        return res.end();
      }
      return json(res, answer.status, answer.body);
    }
    return json(res, 404, { message: 'Not found' });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) awsError(res, 500, 'InternalServerException', String(error));
      else res.destroy();
    });
  });
  const port = await listen(server, 'SMS', options.port);
  return {
    url: `http://${LOCAL_HOST}:${port}`,
    port,
    texts: () => stored.texts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: async () => {
      await closeServer(server);
      clearTimeout(pending);
      write();
    },
  };
}
