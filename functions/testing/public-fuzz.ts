import fc from 'fast-check';
import { routes, type LambdaEnv, type Route } from '@reviewroute/shared';
import type { ApiEvent, ApiResponse } from '../src/lib/http';
import { sampleSurvey } from '@reviewroute/shared/testing';
import { createMemoryStores } from './data/memory';
import { createContactHandler } from '../src/domains/contact/handler';
import { createAlertLinkService } from '../src/domains/surveys/alert-link';
import { createSurveysHandler } from '../src/domains/surveys/handler';
import { memoryContactService } from './domains/contact';
import { createPublicHandler } from '../src/domains/public/handler';
import { memoryPublicSurveyService } from './domains/public';
import { sampleSurveyId } from './sample-survey';
import { createPaymentsHandler } from '../src/domains/payments/handler';
import { memoryPaymentService } from './domains/payments';
import { createRequestsHandler } from '../src/domains/requests/handler';
import { memoryRequests, publishedSurvey } from './domains/requests';
import { createHandler as createSystemHandler } from '../src/domains/system/handler';
import { createAccountHandler } from '../src/domains/account/handler';
import { acceptingSecurity } from './domains/account';
import { lambdaContext, sampleEvent } from './events';

/**
 * Hostile input for every public route of the route table, called in-process on in-memory storage: long
 * strings (up to 100 KB), deep JSON, wrong types, unicode and control characters, in bodies, path values
 * and headers. Shared by the unit test (a few hundred inputs) and the fuzz bench (ten thousand).
 */

export type PublicRoute = Extract<Route, { auth: 'public' }>;
type PublicDomain = PublicRoute['domain'];

export const publicRoutes = routes.filter((r): r is PublicRoute => r.auth === 'public');

interface FuzzTarget {
  handler: (event: ApiEvent) => Promise<ApiResponse>;
  /** A fingerprint of everything the domain stored or sent; unchanged means nothing was. */
  stored: () => string;
}

/** Each domain with a public route, on in-memory storage; a new such domain fails to compile until added. */
const targets: { [D in PublicDomain]: (env: LambdaEnv) => FuzzTarget } = {
  system: (env) => {
    const handler = createSystemHandler(env);
    return { handler: (event) => handler(event, lambdaContext()), stored: () => '' };
  },
  public: () => {
    const { service, responses, stats, rateLimiter } = memoryPublicSurveyService();
    const handler = createPublicHandler(() => service);
    return {
      handler: (event) => handler(event, lambdaContext()),
      // The responses (clicks included) and what the stream carries to the tally; the table's rate windows.
      stored: () =>
        JSON.stringify([
          [...responses.responses.values()].flat(),
          responses.stream,
          stats.tallies.get(sampleSurveyId),
          [...rateLimiter.counts],
        ]),
    };
  },
  // Mollie's webhook: a fake provider that knows one payment of an owner; any other id must change nothing.
  payments: () => {
    const { service, provider, billing } = memoryPaymentService();
    void provider.create({
      amount: '120.00',
      currency: 'EUR',
      description: 'Growth - Annual Subscription',
      redirectUrl: 'https://app.reviewroute.example/payments?success=true',
      webhookUrl: 'https://app.reviewroute.example/api/payments/webhook',
      metadata: { userId: 'fuzz-owner', plan: 'growth', source: 'web_app' },
      language: 'en',
    });
    const handler = createPaymentsHandler(() => service);
    return {
      handler: (event) => handler(event, lambdaContext()),
      stored: () => JSON.stringify([...billing.records.values()]),
    };
  },
  // The one-click unsubscribe: a batch of one customer; a forged or unknown token must suppress nothing. The
  // webhook: the survey's hook, whose token is the sample event's (events/call-request-hook.json); a forged token
  // or a refused body must schedule nothing.
  requests: () => {
    const { service, surveys, requests, hooks } = memoryRequests();
    void surveys.create(publishedSurvey());
    void service.create(publishedSurvey().userId, publishedSurvey().id, {
      rows: [{ name: 'Piet', email: 'piet@klant.example' }],
      permissionConfirmed: true,
    });
    void hooks.regenerate(publishedSurvey().userId, publishedSurvey().id, { permissionConfirmed: true });
    const handler = createRequestsHandler(
      () => service,
      () => hooks,
    );
    return {
      handler: (event) => handler(event, lambdaContext()),
      stored: () =>
        JSON.stringify([
          [...requests.suppressions],
          [...requests.recipients.values()],
          [...requests.batches.keys()],
          [...requests.hookCalls.keys()],
        ]),
    };
  },
  // The alert switch-off link: a published survey whose link no forged token may change.
  surveys: () => {
    const stores = createMemoryStores();
    const survey = sampleSurvey({
      id: sampleSurveyId,
      userId: 'fuzz-owner',
      surveyCode: 'k7m2p9qx',
      lowRatingAlerts: true,
    });
    void stores.surveys.create(survey);
    stores.surveys.codes.set('k7m2p9qx', { userId: survey.userId, surveyId: survey.id });
    const unused = () => {
      throw new Error('Not a public route');
    };
    const handler = createSurveysHandler(unused, unused, () =>
      createAlertLinkService({ surveys: stores.surveys, key: async () => 'fuzz-mail-link-key' }),
    );
    return {
      handler: (event) => handler(event, lambdaContext()),
      stored: () => JSON.stringify([...stores.surveys.surveys.values()]),
    };
  },
  // The sign-in recovery on a fake Cognito that knows no address: every input must be refused without a 5xx (what
  // a valid recovery changes is the account tests' business).
  account: () => {
    const security = acceptingSecurity();
    const unused = () => {
      throw new Error('Not a public route');
    };
    const handler = createAccountHandler(unused, unused, { securityOf: () => security });
    return { handler: (event) => handler(event, lambdaContext()), stored: () => '' };
  },
  contact: () => {
    const { service, mailer, limiter } = memoryContactService();
    const handler = createContactHandler(() => service);
    return {
      handler: (event) => handler(event, lambdaContext()),
      stored: () => JSON.stringify([mailer.sent.length, limiter.counts.size]),
    };
  },
};

/** Pieces long strings are made of: the crafted e-mail's, JSON's and regular expressions' favourites. */
const seeds = [
  'a',
  '.',
  'a@',
  '@.',
  ' ',
  '\t\n',
  '\u0000',
  '\u001f',
  '\u202e',
  '\ud800',
  '😀',
  'é',
  '"',
  '\\',
  '{[',
  '%',
  '#&?',
  '0',
];

/** Up to 100 KB, most of it short or under the body limit so the schemas see it, some far over it. */
const longString = fc
  .tuple(
    fc.constantFrom(...seeds),
    fc.string({ unit: 'binary', maxLength: 4 }),
    fc.oneof(
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 0, max: 16_000 }),
      fc.integer({ min: 0, max: 100_000 }),
    ),
  )
  .map(([seed, extra, length]) => {
    const unit = seed + extra;
    return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  });

/** Every kind of text: unicode of all planes, lone surrogates, control characters, plausible values. */
const hostileString = fc.oneof(
  longString,
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 64 }),
  fc.emailAddress(),
  fc.uuid(),
  fc.constantFrom('', 'k7m2p9qx', 'en', 'nl', 'a@b.co', 'x@y.z?cc=a%40evil.com', 'a@' + '.'.repeat(2000) + '@'),
);

/** JSON nested thousands deep, as raw text (building it as a value would strain the generator). */
const deepJson = fc
  .tuple(fc.integer({ min: 1, max: 8000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => open.repeat(depth) + '0' + (open === '[' ? ']' : '}').repeat(depth));

/** Any value a field may get, as JSON text. */
const fieldJson = fc.oneof(
  hostileString.map((s) => JSON.stringify(s)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  deepJson,
  fc.oneof(fc.integer(), fc.double(), fc.integer({ min: 0, max: 100_000 })).map((n) => JSON.stringify(n)),
  fc.constantFrom('true', 'false', 'null', '[]', '{}', '1e308', '-0'),
);

const jsonObject = (entries: [string, string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;

/** A sample body's JSON fields; none for a body that is not a JSON object (Mollie's form-encoded webhook). */
function sampleFields(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The route's own valid sample body with some fields replaced, removed or added: reaches past the first check. */
function mutatedSample(route: PublicRoute) {
  const sample = sampleEvent(route.id).body;
  const fields = sample ? Object.entries(sampleFields(sample)) : [];
  const keys = fields.map(([key]) => key);
  return fc
    .record({
      replaced: fc.dictionary(keys.length ? fc.constantFrom(...keys) : fc.string(), fieldJson, { maxKeys: 3 }),
      removed: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      added: fc.dictionary(
        hostileString.filter((k) => k.length < 200),
        fieldJson,
        { maxKeys: 2 },
      ),
    })
    .map(({ replaced, removed, added }) =>
      jsonObject([
        ...fields
          .filter(([key]) => !removed.includes(key))
          .map(([key, value]): [string, string] => [key, replaced[key] ?? JSON.stringify(value)]),
        ...Object.entries(added),
      ]),
    );
}

/** A body for the route: a mutated sample mostly, else any JSON, deep JSON, non-JSON text or none at all. */
const bodyFor = (route: PublicRoute) =>
  fc.oneof(
    { weight: 6, arbitrary: mutatedSample(route) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

const pathValue = (sample: string | undefined) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(sample ?? '') }, { weight: 1, arbitrary: hostileString });

const headerValue = (sample: string | undefined) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(sample) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: hostileString.filter((s) => s.length <= 10_000) },
  );

export interface FuzzInput {
  route: PublicRoute;
  event: ApiEvent;
}

/** One request to one public route: its sample event with body, path values, headers and query replaced. */
export const publicRequest: fc.Arbitrary<FuzzInput> = fc.oneof(
  ...publicRoutes.map((route) => {
    const sample = sampleEvent(route.id);
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    return fc
      .record({
        body: bodyFor(route),
        base64: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
        path: fc.tuple(...params.map((name) => pathValue(sample.pathParameters?.[name]))),
        contentType: fc.oneof(
          { weight: 8, arbitrary: fc.constant(sample.headers['content-type'] ?? 'application/json') },
          { weight: 1, arbitrary: fc.constant(undefined) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              'application/json; charset=utf-8',
              'text/plain',
              'application/x-www-form-urlencoded',
            ),
          },
          { weight: 1, arbitrary: hostileString.filter((s) => s.length <= 10_000) },
        ),
        userAgent: headerValue(sample.headers['user-agent']),
        viewer: headerValue(undefined),
        query: fc.option(fc.dictionary(fc.string({ maxLength: 20 }), hostileString, { maxKeys: 3 }), {
          nil: undefined,
        }),
      })
      .map(({ body, base64, path, contentType, userAgent, viewer, query }): FuzzInput => {
        const event = sampleEvent(route.id);
        const headers: ApiEvent['headers'] = { ...event.headers };
        delete headers['content-type'];
        delete headers['user-agent'];
        if (contentType !== undefined) headers['content-type'] = contentType;
        if (userAgent !== undefined) headers['user-agent'] = userAgent;
        if (viewer !== undefined) headers['cloudfront-viewer-address'] = viewer;
        return {
          route,
          event: {
            ...event,
            headers,
            // API Gateway drops a query without parameters.
            body: body === undefined ? undefined : base64 ? Buffer.from(body).toString('base64') : body,
            isBase64Encoded: body !== undefined && base64,
            pathParameters: Object.fromEntries(params.map((name, i) => [name, path[i]!])),
            queryStringParameters: query && Object.keys(query).length ? (query as Record<string, string>) : undefined,
          },
        };
      });
  }),
);

export interface FuzzReport {
  inputs: number;
  /** Answers of 500 or more, with a sample of what caused them. */
  serverErrors: number;
  serverErrorSamples: string[];
  /** Refused inputs (4xx) after which something had been stored or sent. */
  storedOnRefusal: number;
  storedOnRefusalSamples: string[];
  /** The slowest single call. */
  maxMs: number;
  statuses: Record<number, number>;
}

const describeInput = ({ route, event }: FuzzInput, status: number) =>
  `${status} ${route.id} ${JSON.stringify({ ...event, body: event.body?.slice(0, 300) }).slice(0, 1000)}`;

/** The system handler's environment; none of it is read but the log level, which applies to every handler. */
const fuzzEnv = (logLevel: string): LambdaEnv => ({
  TABLE_NAME: 'fuzz',
  ASSETS_BUCKET: 'fuzz',
  USER_POOL_ID: 'fuzz',
  SITE_ORIGIN: 'https://fuzz.example',
  AWS_REGION: 'eu-west-1',
  POWERTOOLS_LOG_LEVEL: logLevel,
});

/**
 * Sends `inputs` generated requests (reproducible with `seed`) and reports; never fails on what it finds,
 * callers decide what to assert. Refused requests are logged at `logLevel` and below: ten thousand lines
 * help nobody.
 */
export async function fuzzPublicRoutes({
  inputs,
  seed,
  logLevel = 'ERROR',
}: {
  inputs: number;
  seed?: number;
  logLevel?: string;
}): Promise<FuzzReport> {
  const env = fuzzEnv(logLevel);
  const made = Object.fromEntries(Object.entries(targets).map(([domain, make]) => [domain, make(env)])) as Record<
    PublicDomain,
    FuzzTarget
  >;
  const report: FuzzReport = {
    inputs: 0,
    serverErrors: 0,
    serverErrorSamples: [],
    storedOnRefusal: 0,
    storedOnRefusalSamples: [],
    maxMs: 0,
    statuses: {},
  };
  // Warm-up, not counted: the first call of a route pays for loading and compiling, not for its input.
  for (const route of publicRoutes) await made[route.domain].handler(sampleEvent(route.id));
  // A property that always holds: fast-check generates one input at a time (ten thousand bodies of up
  // to 100 KB are never in memory at once) and never shrinks.
  await fc.assert(
    fc.asyncProperty(publicRequest, async (input) => {
      const target = made[input.route.domain];
      const before = target.stored();
      const started = performance.now();
      // A copy: the middlewares replace the event's body and headers, and a report shows the input as sent.
      const response = await target.handler({ ...input.event });
      report.maxMs = Math.max(report.maxMs, performance.now() - started);
      const status = response.statusCode ?? 200;
      report.inputs++;
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      if (status >= 500) {
        report.serverErrors++;
        if (report.serverErrorSamples.length < 5) report.serverErrorSamples.push(describeInput(input, status));
      } else if (status >= 400 && target.stored() !== before) {
        report.storedOnRefusal++;
        if (report.storedOnRefusalSamples.length < 5) report.storedOnRefusalSamples.push(describeInput(input, status));
      }
    }),
    { numRuns: inputs, ...(seed === undefined ? {} : { seed }) },
  );
  return report;
}
