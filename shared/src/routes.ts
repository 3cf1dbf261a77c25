/**
 * The API route table: the single description of the API. The CDK api stack generates one
 * Lambda per domain and one REST API method per entry from it; the local gateway serves the very same
 * entries; each domain's Lambda router dispatches on the entry's `routeKey`.
 */
export const apiDomains = [
  'system',
  'account',
  'surveys',
  'places',
  'public',
  'contact',
  'payments',
  'requests',
  'exports',
] as const;
export type ApiDomain = (typeof apiDomains)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The largest request body the API reads: every body is a small JSON document (the biggest, a whole
 * survey, is a few KB), so anything larger is refused (413) before it is parsed.
 */
export const maxRequestBodyBytes = 16 * 1024;

/**
 * The one exception, a route's own `maxBodyBytes`: a review-request batch of up to 5,000 customers (the
 * longest name and address of each, JSON-escaped), the only body that is a list the owner uploads.
 */
export const requestBatchMaxBodyBytes = 3 * 1024 * 1024;

/** `owner`: a verified Cognito ID token is required (the REST API's Cognito authorizer); `public`: no auth. */
export type RouteAuth = 'owner' | 'public';

/**
 * The API's per-route throttle classes (each route on its own, all callers together; the numbers are
 * the CDK's, `routeThrottleOf` in infra/src/config.ts): `public` for anonymous callers, sized to the public
 * Lambda's reserved concurrency (which keeps a flood off the owners' functions); `owner` for signed-in owners.
 */
export const throttleClasses = ['public', 'owner'] as const;
export type ThrottleClass = (typeof throttleClasses)[number];

/**
 * Each owner's requests to owner routes, all routes together, per fixed window (the router answers 429 with
 * Retry-After past it): a script cannot take a route's shared throttle from the other owners. A person never
 * comes near it: a dashboard of many surveys loads a few dozen reads, the inbox's keyboard shortcuts a write and a
 * read or two per key, an account export one page at a time. 30 a second, in windows of 3 s: a longer window of
 * the same rate would let a script's first burst (300 in a 10 s window) land at once on the table every owner
 * reads. The regional WAF counts per token before the route throttle on a minute (`ownerTokenWafLimit` in
 * infra/src/config.ts), coarser and above this.
 */
export const ownerRequestLimit = { limit: 90, windowSeconds: 3 } as const;

/**
 * One route's contract, the part that needs no zod: the schemas of its path parameters, query, body and
 * response are attached to the same id in `route-contracts.ts` (see there why they live apart).
 */
export interface RouteDefinition {
  /** Stable name, used by handlers to register their implementation. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/surveys/{surveyId}`. */
  readonly path: string;
  readonly auth: RouteAuth;
  readonly domain: ApiDomain;
  readonly throttle: ThrottleClass;
  /**
   * An owner route that can create data (an item, a file or a code). An ID token issued before its owner
   * deleted the account stays valid until it expires; whatever such a request created after the erasure
   * finished would never be erased, so these routes refuse a user whose account was deleted (the router's
   * `isErased` check). Reads and updates of items that exist need no check: the erasure deletes what they
   * would touch.
   */
  readonly createsData?: true;
  /** A larger body limit than `maxRequestBodyBytes`, for the one route that takes an uploaded list. */
  readonly maxBodyBytes?: number;
}

export const routes = [
  { id: 'health', method: 'GET', path: '/api/health', auth: 'public', domain: 'system', throttle: 'public' },
  { id: 'me', method: 'GET', path: '/api/me', auth: 'owner', domain: 'account', throttle: 'owner' },
  { id: 'get-profile', method: 'GET', path: '/api/profile', auth: 'owner', domain: 'account', throttle: 'owner' },
  // An upsert: it writes the profile item when there is none.
  {
    id: 'update-profile',
    method: 'PATCH',
    path: '/api/profile',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
    createsData: true,
  },
  { id: 'list-surveys', method: 'GET', path: '/api/surveys', auth: 'owner', domain: 'surveys', throttle: 'owner' },
  {
    id: 'create-survey',
    method: 'POST',
    path: '/api/surveys',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
    createsData: true,
  },
  {
    id: 'get-survey',
    method: 'GET',
    path: '/api/surveys/{surveyId}',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  {
    id: 'update-survey',
    method: 'PATCH',
    path: '/api/surveys/{surveyId}',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  {
    id: 'delete-survey',
    method: 'DELETE',
    path: '/api/surveys/{surveyId}',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  // Publishing writes the survey's code item.
  {
    id: 'publish-survey',
    method: 'POST',
    path: '/api/surveys/{surveyId}/publish',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
    createsData: true,
  },
  // Uploads create files: the presigned POST's incoming object, then the public copy.
  {
    id: 'create-upload',
    method: 'POST',
    path: '/api/surveys/{surveyId}/uploads',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
    createsData: true,
  },
  {
    id: 'confirm-upload',
    method: 'POST',
    path: '/api/surveys/{surveyId}/uploads/confirm',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
    createsData: true,
  },
  // Owner dashboard.
  {
    id: 'get-survey-stats',
    method: 'GET',
    path: '/api/surveys/{surveyId}/stats',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  {
    id: 'get-onboarding',
    method: 'GET',
    path: '/api/surveys/{surveyId}/onboarding',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  // Dashboard insights: the rating distribution and the weekly trend.
  {
    id: 'get-survey-insights',
    method: 'GET',
    path: '/api/surveys/{surveyId}/insights',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  { id: 'get-account', method: 'GET', path: '/api/account', auth: 'owner', domain: 'account', throttle: 'owner' },
  // Danger zone: the owner's data as JSON, one page per call (a large account never hits a Lambda limit);
  // deletion starts the erasure and answers at once (it continues asynchronously when it is large).
  {
    id: 'export-account',
    method: 'GET',
    path: '/api/account/export',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
  },
  { id: 'delete-account', method: 'DELETE', path: '/api/account', auth: 'owner', domain: 'account', throttle: 'owner' },
  // Sensitive changes to the sign-in (account-security.ts): the password, and for two-step verification a current
  // code, are proven to Cognito by the API before it acts, and the owner is told by mail.
  // Turning it on (the browser's token may not call Cognito's user API): whether it is on, the secret once the password
  // is proven, and the first code with the password again.
  {
    id: 'get-two-factor',
    method: 'GET',
    path: '/api/account/two-factor',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
  },
  {
    id: 'start-two-factor',
    method: 'POST',
    path: '/api/account/two-factor',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
  },
  {
    id: 'confirm-two-factor',
    method: 'POST',
    path: '/api/account/two-factor/confirm',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
  },
  {
    id: 'disable-two-factor',
    method: 'POST',
    path: '/api/account/two-factor/disable',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
  },
  {
    id: 'start-email-change',
    method: 'POST',
    path: '/api/account/email-change',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
  },
  {
    id: 'confirm-email-change',
    method: 'POST',
    path: '/api/account/email-change/confirm',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
  },
  // Recovery codes of two-step verification: how many are left, and a new set (proven as above; shown once).
  {
    id: 'get-recovery-codes',
    method: 'GET',
    path: '/api/account/recovery-codes',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
  },
  {
    id: 'create-recovery-codes',
    method: 'POST',
    path: '/api/account/recovery-codes',
    auth: 'owner',
    domain: 'account',
    throttle: 'owner',
    createsData: true,
  },
  // Signing in with a recovery code (Cognito's code challenge takes none): the address, password and code proven
  // by the API, which turns two-step verification off; limited per viewer and per account.
  {
    id: 'recover-sign-in',
    method: 'POST',
    path: '/api/public/sign-in-recovery',
    auth: 'public',
    domain: 'account',
    throttle: 'public',
  },
  // Payments through Mollie (decisions 11). The webhook is public: Mollie posts only a payment id, which
  // the API looks up at Mollie before it records anything.
  {
    id: 'list-payments',
    method: 'GET',
    path: '/api/payments',
    auth: 'owner',
    domain: 'payments',
    throttle: 'owner',
  },
  {
    id: 'create-payment',
    method: 'POST',
    path: '/api/payments',
    auth: 'owner',
    domain: 'payments',
    throttle: 'owner',
    createsData: true,
  },
  // A read that writes: a pending payment is refreshed from Mollie and its state stored with a put, which
  // would bring back a billing item the erasure had just deleted.
  {
    id: 'get-payment',
    method: 'GET',
    path: '/api/payments/{paymentId}',
    auth: 'owner',
    domain: 'payments',
    throttle: 'owner',
    createsData: true,
  },
  // The invoice of a paid payment (numbered when it was paid); a pure read.
  {
    id: 'get-invoice',
    method: 'GET',
    path: '/api/payments/{paymentId}/invoice',
    auth: 'owner',
    domain: 'payments',
    throttle: 'owner',
  },
  // The credit note a refund issued for the payment's invoice (the next number of the series); a pure read.
  {
    id: 'get-credit-note',
    method: 'GET',
    path: '/api/payments/{paymentId}/credit-note',
    auth: 'owner',
    domain: 'payments',
    throttle: 'owner',
  },
  // 14 days money back (decisions 28): a paid plan cancelled for a full refund through Mollie; the refund's state
  // is stored on the payment (a write, so an erased account's token is refused).
  {
    id: 'refund-payment',
    method: 'POST',
    path: '/api/payments/{paymentId}/refund',
    auth: 'owner',
    domain: 'payments',
    throttle: 'owner',
    createsData: true,
  },
  {
    id: 'payment-webhook',
    method: 'POST',
    path: '/api/payments/webhook',
    auth: 'public',
    domain: 'payments',
    throttle: 'public',
  },
  // The wizard's business finder (decisions 12): Google Places through our API, so the key stays server-side.
  {
    id: 'search-places',
    method: 'POST',
    path: '/api/places/search',
    auth: 'owner',
    domain: 'places',
    throttle: 'owner',
  },
  // The public survey page's API: no auth; under /api/public so CloudFront can cache the survey read.
  {
    id: 'get-public-survey',
    method: 'GET',
    path: '/api/public/surveys/{surveyCode}',
    auth: 'public',
    domain: 'public',
    throttle: 'public',
  },
  // The customer started answering: a short-lived signed start token, so the API measures the fill time
  // itself. A POST, never cached: each visitor gets their own token.
  {
    id: 'start-response',
    method: 'POST',
    path: '/api/public/surveys/{surveyCode}/start',
    auth: 'public',
    domain: 'public',
    throttle: 'public',
  },
  {
    id: 'submit-response',
    method: 'POST',
    path: '/api/public/surveys/{surveyCode}/responses',
    auth: 'public',
    domain: 'public',
    throttle: 'public',
  },
  // The reviews widget on the owner's own site (decisions 27): the same for every visitor, so CloudFront caches it
  // like the survey read (the same path prefix); answered with CORS for any origin, as it is read from theirs.
  {
    id: 'get-survey-widget',
    method: 'GET',
    path: '/api/public/surveys/{surveyCode}/widget',
    auth: 'public',
    domain: 'public',
    throttle: 'public',
  },
  {
    id: 'record-review-click',
    method: 'POST',
    path: '/api/public/surveys/{surveyCode}/responses/{responseId}/review-click',
    auth: 'public',
    domain: 'public',
    throttle: 'public',
  },
  // The footer link of a low-rating alert or digest (decisions 23): switches that survey's alerts off (or on again)
  // without signing in. The token is the link's: the survey's public code and an HMAC of the survey and its owner
  // under the mail-link key, so it names neither the owner nor an address. A POST (the page sends it), so a mail
  // scanner fetching the link changes nothing; never cached.
  {
    id: 'set-alerts-by-link',
    method: 'POST',
    path: '/api/public/alert-links/{token}',
    auth: 'public',
    domain: 'surveys',
    throttle: 'public',
  },
  // The public contact form (spec 7 send-contact-email): mails the operator.
  {
    id: 'send-contact-email',
    method: 'POST',
    path: '/api/public/contact',
    auth: 'public',
    domain: 'contact',
    throttle: 'public',
  },
  // The contact form's token, fetched when the form appears: an HMAC of the issue time, so the send's fill time
  // is measured by the API, not told by the browser. A POST, never cached: each visitor gets their own.
  {
    id: 'start-contact-form',
    method: 'POST',
    path: '/api/public/contact/start',
    auth: 'public',
    domain: 'contact',
    throttle: 'public',
  },
  // E-mail review requests: an owner's batches of customers per survey (the requests worker mails them), and
  // the customers' one-click unsubscribe (RFC 8058), which the mail's List-Unsubscribe header names.
  {
    id: 'create-request-batch',
    method: 'POST',
    path: '/api/surveys/{surveyId}/request-batches',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
    createsData: true,
    maxBodyBytes: requestBatchMaxBodyBytes,
  },
  {
    id: 'list-request-batches',
    method: 'GET',
    path: '/api/surveys/{surveyId}/request-batches',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
  },
  {
    id: 'list-request-recipients',
    method: 'GET',
    path: '/api/surveys/{surveyId}/request-batches/{batchId}/recipients',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
  },
  // The reputation guard (decisions 26): whether the owner's review requests are paused, why, and the way back.
  {
    id: 'get-request-sending',
    method: 'GET',
    path: '/api/request-sending',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
  },
  {
    id: 'resume-request-sending',
    method: 'POST',
    path: '/api/request-sending/resume',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
  },
  // The owner's review-request settings (what texts do once the month's allowance is spent) with the month's texts.
  {
    id: 'get-request-settings',
    method: 'GET',
    path: '/api/request-settings',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
  },
  {
    id: 'update-request-settings',
    method: 'PUT',
    path: '/api/request-settings',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
  },
  // A text's short links of our own (decisions 25: the survey link and the opt-out, `shortLinkPathPrefix`): a
  // redirect to the customer's personal link or unsubscribe page. Outside /api/ so a text's link stays short;
  // CloudFront sends the prefix to the API like /api/*.
  {
    id: 'open-short-link',
    method: 'GET',
    path: '/r/{code}',
    auth: 'public',
    domain: 'requests',
    throttle: 'public',
  },
  {
    id: 'unsubscribe',
    method: 'POST',
    path: '/api/public/unsubscribe/{token}',
    auth: 'public',
    domain: 'requests',
    throttle: 'public',
  },
  // The inbound webhook of review requests: a booking or till system posts one customer to a survey's secret
  // URL (the token names the survey; only its hash is stored). Not under /api/public: its callers are servers,
  // limited per token by the API, not by the edge's per-visitor rules. The owner reads the hook's settings,
  // makes or replaces its token (shown once) and sets its delay.
  {
    id: 'call-request-hook',
    method: 'POST',
    path: '/api/hooks/{token}/requests',
    auth: 'public',
    domain: 'requests',
    throttle: 'public',
  },
  {
    id: 'get-request-hook',
    method: 'GET',
    path: '/api/surveys/{surveyId}/request-hook',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
  },
  {
    id: 'regenerate-request-hook',
    method: 'POST',
    path: '/api/surveys/{surveyId}/request-hook/token',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
    createsData: true,
  },
  {
    id: 'update-request-hook',
    method: 'PATCH',
    path: '/api/surveys/{surveyId}/request-hook',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
  },
  // The owner's feedback inbox of a survey: its responses page by page, their state and private note.
  {
    id: 'list-inbox',
    method: 'GET',
    path: '/api/surveys/{surveyId}/inbox',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  {
    id: 'set-inbox-state',
    method: 'POST',
    path: '/api/surveys/{surveyId}/inbox/state',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  {
    id: 'set-inbox-note',
    method: 'PUT',
    path: '/api/surveys/{surveyId}/inbox/{responseId}/note',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  // Takes a consented response off the business's website for one of decisions 27's reasons; never back.
  {
    id: 'hide-from-website',
    method: 'POST',
    path: '/api/surveys/{surveyId}/inbox/{responseId}/website-hide',
    auth: 'owner',
    domain: 'surveys',
    throttle: 'owner',
  },
  // The CSV export of a survey's responses: starting one records a job (and, through the exports worker, a
  // file); its status gives the progress and, once done, a short-lived download link.
  {
    id: 'start-export',
    method: 'POST',
    path: '/api/surveys/{surveyId}/exports',
    auth: 'owner',
    domain: 'exports',
    throttle: 'owner',
    createsData: true,
  },
  {
    id: 'get-export',
    method: 'GET',
    path: '/api/surveys/{surveyId}/exports/{exportId}',
    auth: 'owner',
    domain: 'exports',
    throttle: 'owner',
  },
  // The review-request funnel: the public page reports a visit from a personal link (rated and clicked ride on
  // the submit and the click); the owner reads the survey's funnel, one item.
  {
    id: 'record-link-open',
    method: 'POST',
    path: '/api/public/surveys/{surveyCode}/link-opens',
    auth: 'public',
    domain: 'public',
    throttle: 'public',
  },
  {
    id: 'get-request-funnel',
    method: 'GET',
    path: '/api/surveys/{surveyId}/request-funnel',
    auth: 'owner',
    domain: 'requests',
    throttle: 'owner',
  },
] as const satisfies readonly RouteDefinition[];

/** The one route outside `/api/`: a text's short link (`/r/{code}`), which CloudFront and the local stack send to the API. */
export const shortLinkPathPrefix = '/r/';

export type RouteId = (typeof routes)[number]['id'];
export type Route = (typeof routes)[number];
/** The routes of one domain, and their ids: a domain handler implements exactly these. */
export type RouteOfDomain<D extends ApiDomain> = Extract<Route, { domain: D }>;
export type RouteIdOf<D extends ApiDomain> = RouteOfDomain<D>['id'];
/** Ids of the routes that need a signed-in owner. */
export type OwnerRouteId = Extract<Route, { auth: 'owner' }>['id'];

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The path parameters of a route, e.g. `{ surveyId: string }` for `/api/surveys/{surveyId}`. */
export type RouteParams<Id extends RouteId> = { [K in ParamNames<Extract<Route, { id: Id }>['path']>]: string };

const routesById = new Map<string, RouteDefinition>(routes.map((r) => [r.id, r]));

/** The route table entry with this id. */
export const routeOf = (id: RouteId): RouteDefinition => routesById.get(id) as RouteDefinition;

/**
 * The concrete path of a route, its `{param}` segments filled in and URI-encoded: every client builds its
 * request paths here, so a path is written once, in the table.
 */
export function pathOf<Id extends RouteId>(
  id: Id,
  ...[params]: keyof RouteParams<Id> extends never ? [] : [RouteParams<Id>]
): string {
  const values = (params ?? {}) as Record<string, string>;
  const route = routeOf(id);
  if (!route) throw new Error(`No route ${id} in the route table`);
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Route ${id} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The method and concrete path of a call to route `id`: the zod-free clients (the public survey page) send
 * what the table says and write neither themselves.
 */
export function requestOf<Id extends RouteId>(
  id: Id,
  ...params: keyof RouteParams<Id> extends never ? [] : [RouteParams<Id>]
): { method: HttpMethod; path: string } {
  return { method: routeOf(id).method, path: pathOf(id, ...params) };
}

/** The route key, e.g. `GET /api/surveys/{surveyId}`; the handlers receive it as `event.routeKey` (payload 2.0). */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string => `${route.method} ${route.path}`;

export const routesOfDomain = (domain: ApiDomain): RouteDefinition[] => routes.filter((r) => r.domain === domain);

/** Domains that have at least one route: exactly the Lambdas that exist. */
export const activeDomains = (): ApiDomain[] => apiDomains.filter((d) => routesOfDomain(d).length > 0);

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

let patterns: { route: RouteDefinition; pattern: string[] }[] | undefined;
/** Each route with its path's segments, split once: the local gateway matches every request against all of them. */
const routePatterns = () => (patterns ??= routes.map((route) => ({ route, pattern: route.path.split('/') })));

/**
 * Matches a concrete request against the table the way API Gateway does: exact segments win over
 * `{param}` segments. Returns undefined when no route has that path; `methodMismatch` when the path
 * exists under another method.
 */
export function matchRoute(method: string, path: string): RouteMatch | { methodMismatch: true } | undefined {
  const segments = path.replace(/\/+$/, '').split('/');
  let pathFound = false;
  let best: { match: RouteMatch; score: number } | undefined;
  for (const { route, pattern } of routePatterns()) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      const s = segments[i]!;
      if (p.startsWith('{') && p.endsWith('}')) {
        if (s === '') {
          ok = false;
          break;
        }
        try {
          params[p.slice(1, -1)] = decodeURIComponent(s);
        } catch {
          ok = false;
          break;
        }
      } else if (p === s) {
        score++;
      } else {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    pathFound = true;
    if (route.method !== method.toUpperCase()) continue;
    if (!best || score > best.score) best = { match: { route, pathParameters: params }, score };
  }
  if (best) return best.match;
  return pathFound ? { methodMismatch: true } : undefined;
}
