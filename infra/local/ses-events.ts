import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mailEventKinds, type MailEventKind } from '@reviewroute/shared';
import { LOCAL_HOST, closeServer, listen } from './ports';
import { LOCAL_REGION } from './env';

/**
 * The local twin of SES's event publishing: aws-ses-v2-local captures mails but reports nothing about them,
 * so the Lambdas' SES endpoint is this pass-through in front of it, which reads each SESv2 SendEmail as SES
 * would. A mail sent with a configuration set to one of SES's mailbox simulator addresses
 * (`bounce@simulator.amazonses.com`, `complaint@…`, also with a `+label`) produces the event SES's
 * EventBridge destination puts on the default bus in AWS, tags included; to any other address, its delivery.
 * A mail sent without a configuration set produces none.
 */

/** One SES event as EventBridge delivers it (the fields SES sets that our worker and a reader need). */
export interface LocalMailEvent {
  version: '0';
  id: string;
  source: 'aws.ses';
  'detail-type': string;
  time: string;
  region: string;
  resources: string[];
  detail: Record<string, unknown>;
}

export type MailEventListener = (kind: MailEventKind, event: LocalMailEvent) => void;

export interface SesEventsTwin {
  /** The SES API endpoint the Lambdas use (AWS_ENDPOINT_URL_SES). */
  url: string;
  /** Calls the listener for every event until the returned function is called. */
  subscribe(listener: MailEventListener): () => void;
  stop(): Promise<void>;
}

const simulatorAddress = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

interface SendEmailBody {
  ConfigurationSetName?: string;
  Destination?: { ToAddresses?: string[] };
  EmailTags?: { Name: string; Value: string }[];
}

/** The event SES publishes for one simulator recipient of a mail sent with a configuration set. */
export function simulatedEvent(
  kind: MailEventKind,
  recipient: string,
  mail: { messageId: string; configurationSet: string; destination: string[]; tags: Record<string, string> },
  now = new Date(),
): LocalMailEvent {
  const timestamp = now.toISOString();
  const tags: Record<string, string[]> = { 'ses:configuration-set': [mail.configurationSet] };
  for (const [name, value] of Object.entries(mail.tags)) tags[name] = [value];
  const detail =
    kind === 'delivery'
      ? {
          eventType: 'Delivery',
          delivery: {
            timestamp,
            recipients: [recipient],
            processingTimeMillis: 0,
            smtpResponse: '250 2.0.0 OK (local)',
            reportingMTA: 'localhost',
          },
        }
      : kind === 'bounce'
        ? {
            eventType: 'Bounce',
            bounce: {
              bounceType: 'Permanent',
              bounceSubType: 'General',
              bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status: '5.1.1' }],
              timestamp,
              feedbackId: randomUUID(),
            },
          }
        : {
            eventType: 'Complaint',
            complaint: {
              complainedRecipients: [{ emailAddress: recipient }],
              complaintFeedbackType: 'abuse',
              timestamp,
              feedbackId: randomUUID(),
            },
          };
  return {
    version: '0',
    id: randomUUID(),
    source: 'aws.ses',
    'detail-type': { bounce: 'Email Bounced', complaint: 'Email Complaint Received', delivery: 'Email Delivered' }[
      kind
    ],
    time: timestamp,
    region: LOCAL_REGION,
    resources: [],
    detail: {
      ...detail,
      mail: { timestamp, messageId: mail.messageId, destination: mail.destination, tags },
    },
  };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The events a SendEmail request and the emulator's answer make (none unless sent with a configuration set). */
function eventsOf(request: Buffer, answer: Buffer): [MailEventKind, LocalMailEvent][] {
  let body: SendEmailBody;
  let messageId: string;
  try {
    body = JSON.parse(request.toString('utf8')) as SendEmailBody;
    messageId = (JSON.parse(answer.toString('utf8')) as { MessageId?: string }).MessageId ?? randomUUID();
  } catch {
    return [];
  }
  if (!body.ConfigurationSetName) return [];
  const destination = body.Destination?.ToAddresses ?? [];
  const tags = Object.fromEntries((body.EmailTags ?? []).map((tag) => [tag.Name, tag.Value]));
  return destination.flatMap((recipient): [MailEventKind, LocalMailEvent][] => {
    const simulated = simulatorAddress.exec(recipient)?.[1]?.toLowerCase();
    const kind = (simulated ?? 'delivery') as MailEventKind;
    if (!mailEventKinds.includes(kind)) return [];
    const mail = { messageId, configurationSet: body.ConfigurationSetName!, destination, tags };
    return [[kind, simulatedEvent(kind, recipient, mail)]];
  });
}

/** Starts the pass-through to the SES emulator at `sesUrl` on a free port. */
export async function startSesEventsTwin(sesUrl: string): Promise<SesEventsTwin> {
  const listeners = new Set<MailEventListener>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const upstream = await fetch(new URL(req.url ?? '/', sesUrl), {
        method: req.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
          ),
        ),
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
      const answer = Buffer.from(await upstream.arrayBuffer());
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(answer);
      // SES publishes after it accepted the mail: so does the twin, once the answer is on its way.
      if (upstream.ok && req.method === 'POST' && req.url?.startsWith('/v2/email/outbound-emails'))
        for (const [kind, event] of eventsOf(body, answer)) for (const listener of listeners) listener(kind, event);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `Local SES twin: ${String(error)}` }));
    });
  });
  const port = await listen(server, 'SES events twin', 0);
  return {
    url: `http://${LOCAL_HOST}:${port}`,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => closeServer(server),
  };
}
