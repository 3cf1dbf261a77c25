import { type Stack } from 'aws-cdk-lib';
import { assetsBucketDefinition, type ApiDomain, type ThrottleClass } from '@reviewroute/shared';

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
}

const stagePattern = /^[a-z][a-z0-9-]{0,15}$/;

export function stageConfig(input: {
  stage?: string;
  domainName?: string;
  certificateArn?: string;
  emailFrom?: string;
  contactEmail?: string;
  placesApiKeyParameter?: string;
  alarmEmail?: string;
  apiDomainName?: string;
  apiCertificateArn?: string;
  disableExecuteApiEndpoint?: string;
  publicConcurrency?: string;
  originVerifyRotation?: string;
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
  return {
    stage,
    disableExecuteApiEndpoint: flag === undefined ? Boolean(input.apiDomainName) : flag === 'true',
    publicConcurrency: concurrency,
    ...(input.alarmEmail ? { alarmEmail: input.alarmEmail } : {}),
    ...(input.apiDomainName ? { apiDomainName: input.apiDomainName, apiCertificateArn: input.apiCertificateArn } : {}),
    ...(input.originVerifyRotation ? { originVerifyRotation: input.originVerifyRotation } : {}),
    isProd: stage === 'prod',
    ...(input.domainName ? { domainName: input.domainName, certificateArn: input.certificateArn } : {}),
    ...(input.emailFrom ? { emailFrom: input.emailFrom } : {}),
    ...(input.contactEmail ? { contactEmail: input.contactEmail } : {}),
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

/** Days S3 access logs (site and assets buckets) are kept; they hold requesters' IP addresses. */
export const accessLogDays = 30;

/**
 * HTTP API throttling per route, by the route table's `throttle` class (requests per second and burst, each
 * route on its own, all callers together): the anonymous public routes get less than the signed-in owners'
 * routes, so a flood on the public page cannot use up what the dashboard needs. Per client limits are WAF's
 * and the API's own (decisions 18).
 */
export const routeThrottle: Readonly<Record<ThrottleClass, { rateLimit: number; burstLimit: number }>> = {
  public: { rateLimit: 20, burstLimit: 40 },
  owner: { rateLimit: 50, burstLimit: 100 },
};

/** WAF's rate-based rule: public POSTs (submits, clicks, contact) per client IP per 5 minutes at the edge. */
export const edgePublicPostLimit = { limit: 100, windowSeconds: 300, path: '/api/public/' } as const;

/** Lambdas of domains serving anonymous callers: reserved concurrency (`publicConcurrency`) caps them. */
export const concurrencyCappedDomains: ReadonlySet<ApiDomain> = new Set(['public']);

/**
 * Browser-facing path under which CloudFront serves the survey-assets bucket's public prefix, unchanged:
 * `/files/{name}` is the object `files/{name}`. The private `incoming/` prefix has no path.
 */
export const assetsPathPrefix = `/${assetsBucketDefinition.publicPrefix.replace(/\/$/, '')}`;
