import { type Stack } from 'aws-cdk-lib';
import {
  assetsBucketDefinition,
  ownerRequestLimit,
  publicSubmitSurveyRateLimitDefault,
  requestMailDailyCapDefault,
  requestTextDailyCapDefault,
  routeOf,
  routes,
  type ApiDomain,
  type RouteId,
  type ThrottleClass,
} from '@reviewroute/shared';

/**
 * Deployment settings that differ per stage. Everything here is decided at synth time (context values),
 * so `cdk synth` needs no AWS access.
 */
export interface StageConfig {
  /** Short lower-case name (`dev`, `prod`, `pr-12`): part of every stack name and the assets bucket name. */
  readonly stage: string;
  /** Production keeps data when a stack or resource is deleted and turns on deletion protection. */
  readonly isProd: boolean;
  /** Optional custom domain for the site (e.g. `app.reviewroute.nl`); needs `certificateArn` in us-east-1. */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /**
   * Optional sender for Cognito's e-mails (codes, password resets) through SES, e.g.
   * `no-reply@reviewroute.nl`; its domain must be a verified SES identity in the stack's region. Without
   * it Cognito sends from its own address, which AWS limits to a few dozen e-mails a day.
   */
  readonly emailFrom?: string;
  /**
   * Optional operator address that receives the contact form's messages (CONTACT_TO_ADDRESS), e.g.
   * `hello@reviewroute.nl`. They are sent from `emailFrom` (else from this address), so one of them must be
   * a verified SES identity; while the account is in the SES sandbox this one must be verified too. Without
   * it the contact form answers with an error.
   */
  readonly contactEmail?: string;
  /**
   * The one monitored address where owners get help (SUPPORT_ADDRESS): every owner mail names it in its footer
   * and takes replies there, so it must be read by a person, never a no-reply. Context `supportEmail`; default
   * `support@` the mail domain (of `emailFrom`, else of `contactEmail`); undefined when neither is set (then no
   * owner mail is sent anyway).
   */
  readonly supportEmail?: string;
  /**
   * The review requests' sender (decisions 26), on a sending subdomain of its own with its own configuration set,
   * never shared with account, security and payment mail (REQUEST_MAIL_FROM_ADDRESS). Context `requestMailFrom`;
   * default `requests@requests.` the mail domain (of `emailFrom`, else of `contactEmail`); the api stack makes its
   * domain an SES identity (Easy DKIM: publish the three CNAMEs it outputs). Undefined when neither is set (then no
   * request is sent).
   */
  readonly requestMailFrom?: string;
  /**
   * Review-request mails a UTC day for all owners together (context `requestMailDailyCap`, default
   * `requestMailDailyCapDefault`, REQUEST_MAIL_DAILY_CAP): past it sending waits for the next day; 80 % alarms.
   */
  readonly requestMailDailyCap: number;
  /**
   * Review-request texts a UTC day for all owners together (context `requestTextDailyCap`, default
   * `requestTextDailyCapDefault`, REQUEST_TEXT_DAILY_CAP): past it texts wait for the next day.
   */
  readonly requestTextDailyCap: number;
  /**
   * The countries texts may go to (decisions 25; context `smsCountries`, ISO codes separated by commas,
   * SMS_COUNTRIES); absent: the EU, the EEA and the UK.
   */
  readonly smsCountries?: string;
  /**
   * The registered number (or pool) texts come from where a country shows no alphanumeric sender ID (context
   * `smsSenderNumber`, SMS_SENDER_NUMBER); absent: those customers are e-mailed when they gave an address.
   */
  readonly smsSenderNumber?: string;
  /**
   * Optional SSM SecureString parameter name (e.g. `/reviewroute/prod/google-places-api-key`) holding the
   * Google Places API (New) key of the wizard's business finder; the places Lambda may read only it. Without
   * it the finder says search is not configured.
   */
  readonly placesApiKeyParameter?: string;
  /**
   * Optional address subscribed to the alarm topics (API 5xx and 429s, Lambda errors and throttles,
   * DynamoDB throttles, WAF blocks). Without it the alarms still fire; subscribe to the topics by hand.
   */
  readonly alarmEmail?: string;
  /**
   * Optional own domain of the API (e.g. `api.reviewroute.nl`) with a certificate in the stack's region:
   * CloudFront then reaches the API there, and the default execute-api endpoint is switched off.
   */
  readonly apiDomainName?: string;
  readonly apiCertificateArn?: string;
  /** Whether the execute-api endpoint answers; off by default when the stage has its own API domain. */
  readonly disableExecuteApiEndpoint: boolean;
  /**
   * Reserved concurrency of the public survey Lambda: its ceiling, so a flood of public requests can never
   * take the concurrency the owners' functions need (and a floor for it). 0 leaves it unreserved (accounts
   * whose concurrency quota is still AWS's starting 10 cannot reserve any).
   */
  readonly publicConcurrency: number;
  /**
   * Bump to rotate the origin-verify secret: CloudFront reads the secret only when its configuration
   * changes, and this value is part of it (see the README).
   */
  readonly originVerifyRotation?: string;
  /**
   * The seller on every invoice (a Dutch invoice names them): legal name, address (lines separated by `|` or
   * newlines), KvK number and VAT number, each its own context value (`invoiceSellerName`, …). Unset ones read
   * as "not configured" on the invoice.
   */
  readonly invoiceSeller: {
    readonly name?: string;
    readonly address?: string;
    readonly kvkNumber?: string;
    readonly vatNumber?: string;
  };
}

const stagePattern = /^[a-z][a-z0-9-]{0,15}$/;

export function stageConfig(input: {
  stage?: string;
  domainName?: string;
  certificateArn?: string;
  emailFrom?: string;
  contactEmail?: string;
  supportEmail?: string;
  requestMailFrom?: string;
  requestMailDailyCap?: string;
  requestTextDailyCap?: string;
  smsCountries?: string;
  smsSenderNumber?: string;
  placesApiKeyParameter?: string;
  alarmEmail?: string;
  apiDomainName?: string;
  apiCertificateArn?: string;
  disableExecuteApiEndpoint?: string;
  publicConcurrency?: string;
  originVerifyRotation?: string;
  invoiceSellerName?: string;
  invoiceSellerAddress?: string;
  invoiceSellerKvk?: string;
  invoiceSellerVat?: string;
}): StageConfig {
  const stage = input.stage ?? 'dev';
  if (!stagePattern.test(stage)) {
    throw new Error(
      `Invalid stage "${stage}": use 1-16 lower-case letters, digits or hyphens, starting with a letter.`,
    );
  }
  if (Boolean(input.domainName) !== Boolean(input.certificateArn)) {
    throw new Error('Context values domainName and certificateArn go together (the certificate must be in us-east-1).');
  }
  if (input.emailFrom !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.emailFrom)) {
    throw new Error(`Invalid emailFrom "${input.emailFrom}": expected an address such as no-reply@example.com.`);
  }
  if (input.contactEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.contactEmail)) {
    throw new Error(`Invalid contactEmail "${input.contactEmail}": expected an address such as hello@example.com.`);
  }
  if (input.supportEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.supportEmail)) {
    throw new Error(`Invalid supportEmail "${input.supportEmail}": expected an address such as support@example.com.`);
  }
  const mailDomain = (input.emailFrom ?? input.contactEmail)?.split('@')[1];
  const supportEmail = input.supportEmail ?? (mailDomain ? `support@${mailDomain}` : undefined);
  if (input.requestMailFrom !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.requestMailFrom)) {
    throw new Error(
      `Invalid requestMailFrom "${input.requestMailFrom}": expected an address such as requests@requests.example.com.`,
    );
  }
  const requestMailFrom = input.requestMailFrom ?? (mailDomain ? `requests@requests.${mailDomain}` : undefined);
  if (requestMailFrom && [input.emailFrom, input.contactEmail].includes(requestMailFrom)) {
    throw new Error(`requestMailFrom "${requestMailFrom}" must not be the account mails' sender (decisions 26).`);
  }
  const requestMailDailyCap =
    input.requestMailDailyCap === undefined ? requestMailDailyCapDefault : Number(input.requestMailDailyCap);
  if (!Number.isInteger(requestMailDailyCap) || requestMailDailyCap < 1) {
    throw new Error(`Invalid requestMailDailyCap "${input.requestMailDailyCap}": expected a whole number above 0.`);
  }
  const requestTextDailyCap =
    input.requestTextDailyCap === undefined ? requestTextDailyCapDefault : Number(input.requestTextDailyCap);
  if (!Number.isInteger(requestTextDailyCap) || requestTextDailyCap < 1) {
    throw new Error(`Invalid requestTextDailyCap "${input.requestTextDailyCap}": expected a whole number above 0.`);
  }
  if (input.smsCountries !== undefined && !/^[A-Z]{2}(\s*,\s*[A-Z]{2})*$/.test(input.smsCountries)) {
    throw new Error(`Invalid smsCountries "${input.smsCountries}": expected ISO country codes such as NL,BE,DE.`);
  }
  if (
    input.smsSenderNumber !== undefined &&
    !/^(\+[1-9]\d{6,14}|[A-Za-z0-9:/_-]{1,256})$/.test(input.smsSenderNumber)
  ) {
    throw new Error(`Invalid smsSenderNumber "${input.smsSenderNumber}": expected an E.164 number or its pool's id.`);
  }
  if (input.placesApiKeyParameter !== undefined && !/^\/[A-Za-z0-9_.\-/]+$/.test(input.placesApiKeyParameter)) {
    throw new Error(
      `Invalid placesApiKeyParameter "${input.placesApiKeyParameter}": expected an SSM parameter name such as /reviewroute/prod/google-places-api-key.`,
    );
  }
  if (input.alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.alarmEmail)) {
    throw new Error(`Invalid alarmEmail "${input.alarmEmail}": expected an address such as ops@example.com.`);
  }
  if (Boolean(input.apiDomainName) !== Boolean(input.apiCertificateArn)) {
    throw new Error(
      'Context values apiDomainName and apiCertificateArn go together (the certificate must be in the stack region).',
    );
  }
  const flag = input.disableExecuteApiEndpoint;
  if (flag !== undefined && flag !== 'true' && flag !== 'false') {
    throw new Error(`Invalid disableExecuteApiEndpoint "${flag}": expected true or false.`);
  }
  if (flag === 'true' && !input.apiDomainName) {
    throw new Error(
      'disableExecuteApiEndpoint=true needs apiDomainName: CloudFront reaches the API through one of them.',
    );
  }
  const concurrency =
    input.publicConcurrency === undefined ? defaultPublicConcurrency : Number(input.publicConcurrency);
  if (!Number.isInteger(concurrency) || concurrency < 0) {
    throw new Error(
      `Invalid publicConcurrency "${input.publicConcurrency}": expected a whole number (0 = unreserved).`,
    );
  }
  if (input.invoiceSellerKvk !== undefined && !/^\d{8}$/.test(input.invoiceSellerKvk)) {
    throw new Error(`Invalid invoiceSellerKvk "${input.invoiceSellerKvk}": expected the 8 digits of a KvK number.`);
  }
  if (input.invoiceSellerVat !== undefined && !/^[A-Z]{2}[0-9A-Z]{2,12}$/.test(input.invoiceSellerVat)) {
    throw new Error(
      `Invalid invoiceSellerVat "${input.invoiceSellerVat}": expected a VAT number such as NL123456789B01.`,
    );
  }
  return {
    stage,
    invoiceSeller: {
      ...(input.invoiceSellerName ? { name: input.invoiceSellerName } : {}),
      ...(input.invoiceSellerAddress
        ? {
            address: input.invoiceSellerAddress
              .split('|')
              .map((l) => l.trim())
              .join('\n'),
          }
        : {}),
      ...(input.invoiceSellerKvk ? { kvkNumber: input.invoiceSellerKvk } : {}),
      ...(input.invoiceSellerVat ? { vatNumber: input.invoiceSellerVat } : {}),
    },
    disableExecuteApiEndpoint: flag === undefined ? Boolean(input.apiDomainName) : flag === 'true',
    publicConcurrency: concurrency,
    ...(input.alarmEmail ? { alarmEmail: input.alarmEmail } : {}),
    ...(input.apiDomainName ? { apiDomainName: input.apiDomainName, apiCertificateArn: input.apiCertificateArn } : {}),
    ...(input.originVerifyRotation ? { originVerifyRotation: input.originVerifyRotation } : {}),
    isProd: stage === 'prod',
    ...(input.domainName ? { domainName: input.domainName, certificateArn: input.certificateArn } : {}),
    ...(input.emailFrom ? { emailFrom: input.emailFrom } : {}),
    ...(input.contactEmail ? { contactEmail: input.contactEmail } : {}),
    ...(supportEmail ? { supportEmail } : {}),
    ...(requestMailFrom ? { requestMailFrom } : {}),
    requestMailDailyCap,
    requestTextDailyCap,
    ...(input.smsCountries ? { smsCountries: input.smsCountries } : {}),
    ...(input.smsSenderNumber ? { smsSenderNumber: input.smsSenderNumber } : {}),
    ...(input.placesApiKeyParameter ? { placesApiKeyParameter: input.placesApiKeyParameter } : {}),
  };
}

/**
 * The survey-assets bucket has a deterministic name so that the web stack (CloudFront origin, CSP) can
 * refer to it without a cross-stack reference: the storage stack in turn needs the distribution (OAC
 * grant, CORS origin), and references in both directions would be a dependency cycle.
 */
export const assetsBucketName = (stack: Stack, stage: string): string =>
  `reviewroute-${stage}-assets-${stack.account}-${stack.region}`;

const defaultPublicConcurrency = 20;

/**
 * Days S3 access logs (site and assets buckets) are kept. S3 server access logs always carry the requester's
 * IP address (the format cannot leave it out), and the assets bucket's requesters are the owners uploading
 * images, so decisions 14 allows them at most 7 days, as long as the WAF's log of blocked requests.
 */
export const accessLogDays = 7;

/**
 * The public submit's p99 latency budget in ms (the burst bench's goal): one public Lambda instance serves
 * at least 1000 / 300 ≈ 3.3 requests a second, the basis of the public routes' throttle below.
 */
export const publicLatencyBudgetMs = 300;

export type RouteThrottle = Readonly<Record<ThrottleClass, { rateLimit: number; burstLimit: number }>>;

/**
 * The REST API stage's throttling per method, by the route table's `throttle` class (requests per second and
 * burst, each route on its own, all callers of all tenants together). It is a platform-wide ceiling, so it is sized to
 * what stands behind it, never to what one queue sends; per client and per survey limits are WAF's and the
 * API's own (decisions 18).
 *
 * `public`, sized to the public Lambda's reserved concurrency C (`publicConcurrency`, default 20) and the
 * latency budget L (300 ms p99), by Little's law: sustainable rate = C / L = 20 / 0.3 s ≈ 66 requests a
 * second per route; burst = C, since a request beyond C in flight at once would meet the Lambda's own
 * throttle, which API Gateway answers with a 5xx, not a 429 the page retries after. The public routes share
 * the one Lambda, but the page's GET is served by CloudFront's cache and the start token costs a fraction of
 * a submit, so a crowd at the submit's ceiling still fits. One crowd — 1,000 customers in two minutes, about
 * 8 submits a second, a released queue far fewer than 66 — stays below it, and the per-survey cap (1,200 a
 * minute = 20 a second) keeps one survey to under a third of it. The table is on-demand: no provisioned
 * ceiling; a new on-demand table takes 4,000 writes a second at once and one partition 1,000; 66 submits a
 * second of a 7-item transaction (2 write units an item) are 924 units spread over as many partitions, the
 * survey's tally item 132 of them. With `publicConcurrency` 0 (unreserved) the throttle is sized as for the
 * default; raising the concurrency raises the throttle with it.
 *
 * `owner`: signed-in owners on unreserved Lambdas; a dashboard makes a handful of calls a page. Each owner is held
 * to `ownerRequestLimit` (30 a second, in windows of 3 s, in the Lambdas, and per token by the API's web ACL before this
 * throttle, `ownerTokenWafLimit`), so the route's bucket is sized for several owners at their limit at once: one
 * owner's script takes at most 15 % of a route, never the whole of it.
 */
export function routeThrottleOf(config: Pick<StageConfig, 'publicConcurrency'>): RouteThrottle {
  const concurrency = config.publicConcurrency > 0 ? config.publicConcurrency : defaultPublicConcurrency;
  return {
    public: { rateLimit: Math.floor((concurrency * 1000) / publicLatencyBudgetMs), burstLimit: concurrency },
    owner: { rateLimit: 200, burstLimit: 400 },
  };
}

/**
 * The API's regional web ACL counts each bearer token's requests per minute before the route throttle: the
 * per-owner limit (`ownerRequestLimit`) over WAF's shortest window. WAF counts roughly and acts within seconds, so
 * the Lambdas' exact window (which also holds across an owner's tokens) refuses first; this one keeps a script's
 * flood out of the routes' shared buckets.
 */
export const ownerTokenWafLimitOf = (rule: { limit: number; windowSeconds: number }) =>
  ({ limit: rule.limit * (60 / rule.windowSeconds), windowSeconds: 60 }) as const;
export const ownerTokenWafLimit = ownerTokenWafLimitOf(ownerRequestLimit);

/** A route's path up to its first parameter, from the route table: `/api/public/surveys/` of the survey read. */
export const pathBeforeParams = (id: RouteId): string => routeOf(id).path.split('{')[0]!;

/** A route's path after its last parameter: `/responses` of the submit. */
const pathAfterParams = (id: RouteId): string => routeOf(id).path.split('}').at(-1)!;

/** The whole path segments every one of `paths` starts with, with a trailing slash. */
function commonPathPrefix(paths: readonly string[]): string {
  const [first = [], ...rest] = paths.map((path) => path.split('/'));
  let length = 0;
  while (length < first.length && rest.every((segments) => segments[length] === first[length])) length++;
  return `${first.slice(0, length).join('/')}/`;
}

/**
 * Where the API of anonymous visitors' browsers lives, from the route table: what the public survey page's and
 * the contact form's routes share (`/api/public/`). The table keeps servers' calls (the payment webhook, the
 * booking systems' hook) outside it, so the edge's per-visitor rules never count them.
 */
export const publicApiPrefix = commonPathPrefix(
  routes.filter((route) => route.domain === 'public' || route.domain === 'contact').map((route) => route.path),
);

/** WAF's rate-based rule: public POSTs (submits, clicks, contact) per client IP per 5 minutes at the edge. */
export const edgePublicPostLimit = { limit: 100, windowSeconds: 300, path: publicApiPrefix } as const;

/**
 * WAF's per-survey rule: submits per survey path (`/api/public/surveys/{code}/responses`, all clients
 * together) per 2 minutes, whatever the addresses, so a client rotating addresses (a botnet, or one host
 * inside its IPv6 /64, which WAF cannot aggregate) cannot flood one survey past the edge. Two minutes of the
 * API's per-survey cap: 1,000 customers in two minutes, each submit sent at most twice (the page retries once
 * after a 429), are 2,000 requests, under 2 × 1,200 = 2,400. WAF counts roughly and checks about every 10 s,
 * so the API's exact cap decides for a crowd and this rule stops a flood before it reaches the Lambda.
 */
export const edgeSurveySubmitLimit = {
  limit: 2 * publicSubmitSurveyRateLimitDefault,
  windowSeconds: 120,
  pathPrefix: pathBeforeParams('submit-response'),
  pathSuffix: pathAfterParams('submit-response'),
  /** WAF lifts a block once the window's count falls below the limit; the page waits at most 10 s anyway. */
  retryAfterSeconds: 30,
} as const;

/** Lambdas of domains serving anonymous callers: reserved concurrency (`publicConcurrency`) caps them. */
export const concurrencyCappedDomains: ReadonlySet<ApiDomain> = new Set(['public']);

/**
 * Browser-facing path under which CloudFront serves the survey-assets bucket's public prefix, unchanged:
 * `/files/{name}` is the object `files/{name}`. The private `incoming/` prefix has no path.
 */
export const assetsPathPrefix = `/${assetsBucketDefinition.publicPrefix.replace(/\/$/, '')}`;

/** The invoice seller as the Lambda environment carries it (shared/src/lambda-env.ts): unset ones left out. */
export function invoiceSellerEnv(seller: StageConfig['invoiceSeller']) {
  return {
    ...(seller.name ? { INVOICE_SELLER_NAME: seller.name } : {}),
    ...(seller.address ? { INVOICE_SELLER_ADDRESS: seller.address } : {}),
    ...(seller.kvkNumber ? { INVOICE_SELLER_KVK: seller.kvkNumber } : {}),
    ...(seller.vatNumber ? { INVOICE_SELLER_VAT: seller.vatNumber } : {}),
  };
}
