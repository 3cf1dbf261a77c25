import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect, inject } from 'vitest';
import { surveySchema, type Survey } from '@reviewroute/shared';
import { createDocumentClient, tableEntities } from '@reviewroute/functions/data/client';
import type { Entities } from '@reviewroute/functions/data/entities';
import { startGateway, type GatewayOptions, type LocalGateway } from '../../infra/local/gateway';
import type { TestUser, Tokens } from './cognito';
import type { ProvidedLocalStack } from './local-stack';

/** A signed-in test owner: the ID token is the app's bearer. */
export type ApiUser = TestUser & { tokens: Tokens };

export interface ApiCallOptions {
  user?: ApiUser;
  /** Sent as JSON; a string is sent as it is (to test malformed bodies). */
  body?: unknown;
  userAgent?: string;
  /**
   * The loopback address the call comes from, which is the client the API's limits count (they key on the
   * viewer's address alone). Defaults to a fresh one per call, so tests do not share one client's limits.
   */
  from?: string;
  /** More request headers (what a caller may claim). */
  headers?: Record<string, string>;
}

/** A loopback address other than 127.0.0.1 (all of 127/8 reaches the local stack): a client of its own. */
export const newLoopbackClient = (): string => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `127.${octet()}.${octet()}.${octet()}`;
};

/** fetch, from a chosen local address (fetch cannot pick its source address). */
function requestFrom(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; localAddress: string },
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method, headers: init.headers, localAddress: init.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One call to the local API gateway (or the app origin, which proxies /api), as a browser would make it. */
export async function apiCall(
  baseUrl: string,
  method: string,
  path: string,
  { user, body, userAgent, from, headers }: ApiCallOptions = {},
): Promise<ApiAnswer> {
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const res = await requestFrom(`${baseUrl}${path}`, {
    method,
    localAddress: from ?? newLoopbackClient(),
    headers: {
      'user-agent': userAgent ?? `reviewroute-test/${randomUUID()}`,
      ...(user ? { authorization: `Bearer ${user.tokens.idToken}` } : {}),
      // As a browser sends it: Node would send a DELETE's body chunked, which no browser does.
      ...(text !== undefined
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }
        : {}),
      ...headers,
    },
    ...(text !== undefined ? { body: text } : {}),
  });
  return { status: res.status, headers: res.headers, body: res.text ? (JSON.parse(res.text) as unknown) : undefined };
}

/** One call to the run's local API gateway, as a browser would make it. */
export const callApi = (method: string, path: string, options?: ApiCallOptions): Promise<ApiAnswer> =>
  apiCall(inject('localStack').urls.api, method, path, options);

/** Valid wizard step-1 input (spec 5) for a business of the given name. */
export const sampleBusiness = (businessName = 'Corner Bakery') => ({
  businessName,
  businessOwnerName: 'Bea Baker',
  googleBusinessUrl: 'search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
  supportEmail: 'owner@business.example',
});

let entitiesOfStack: (() => Entities) | undefined;

/** The handlers' own entities on the run's local stack, made from the stack's Lambda environment. */
export function stackEntities(): Entities {
  entitiesOfStack ??= tableEntities(inject('localStack').env);
  return entitiesOfStack();
}

/** An item of the run's table as DynamoDB Local holds it (every attribute, whatever the entity reads), by its keys. */
export async function rawItem(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const env = inject('localStack').env;
  const { Item } = await createDocumentClient(env).send(
    new GetCommand({ TableName: env.TABLE_NAME, Key: { pk, sk }, ConsistentRead: true }),
  );
  return Item;
}

/** Every stored response of a survey, straight from the table (all pages, strongly consistent). */
export async function storedResponses(surveyId: string) {
  const { data } = await stackEntities().response.query.bySurvey({ surveyId }).go({ pages: 'all', consistent: true });
  return data;
}

/** An owner API call that must succeed (2xx); returns the body. */
export async function ownerCall(
  baseUrl: string,
  user: ApiUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const answer = await apiCall(baseUrl, method, path, { user, body });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** An owner API call to the run's local stack that must succeed (2xx); returns the body. */
export const callOwnerApi = (user: ApiUser, method: string, path: string, body?: unknown): Promise<unknown> =>
  ownerCall(inject('localStack').urls.api, user, method, path, body);

/** What the wizard's steps save for `owner`, through the owner API: `sampleBusiness(businessName)` with `details`. */
export async function createSampleSurvey(
  owner: ApiUser,
  businessName: string,
  details: Record<string, unknown> = {},
): Promise<Survey> {
  const body = { ...sampleBusiness(businessName), ...details };
  return surveySchema.parse(await callOwnerApi(owner, 'POST', '/api/surveys', body));
}

/** The wizard's last step: publishes the survey and returns it live. */
export async function publishSurvey(owner: ApiUser, surveyId: string): Promise<Survey> {
  return surveySchema.parse(await callOwnerApi(owner, 'POST', `/api/surveys/${surveyId}/publish`));
}

/**
 * A second gateway in front of the run's stack, with handlers of the test's own making (another Lambda
 * environment, or wrapped to observe events): the stack's authorizer, config and origin secret, a free port.
 */
export const startStackGateway = (
  stack: ProvidedLocalStack,
  loadHandler: GatewayOptions['loadHandler'],
): Promise<LocalGateway> =>
  startGateway({
    port: 0,
    authorizer: {
      issuer: `${stack.urls.cognito}/${stack.resources.userPoolId}`,
      audience: [stack.resources.userPoolClientId],
    },
    webConfig: stack.webConfig,
    originVerifySecret: stack.resources.originVerifySecret,
    loadHandler,
  });
