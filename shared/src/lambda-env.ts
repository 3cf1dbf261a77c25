/**
 * The Lambda environment: every variable an API handler reads, and whether it must be there. The CDK api
 * stack and the local stack write it, the handlers read it through one typed reader (functions'
 * `lib/env.ts`), so a name cannot be set in one place and read under another.
 */
export const lambdaEnvVariables = {
  /** The single DynamoDB table. */
  TABLE_NAME: 'required',
  /** The survey-assets bucket. */
  ASSETS_BUCKET: 'required',
  /** The Cognito user pool (the account's creation date). */
  USER_POOL_ID: 'required',
  /**
   * The web app client of that pool: the account Lambda proves an owner's password (and authenticator code) to
   * Cognito as this client (AdminInitiateAuth) before a sensitive change; without it those routes answer 503.
   */
  USER_POOL_CLIENT_ID: 'optional',
  /** The public origin (`https://…`), the start of every absolute survey link. */
  SITE_ORIGIN: 'required',
  /**
   * Where uploaded survey images are served, as `{base}/{key}`: SITE_ORIGIN in AWS (CloudFront serves the
   * bucket's public prefix at the same path, `/files/…`); else the bucket's own URL.
   */
  ASSETS_PUBLIC_BASE_URL: 'optional',
  /** Public submits per client (viewer IP, IPv6 by /64) per minute (default 10). */
  PUBLIC_SUBMIT_RATE_LIMIT: 'optional',
  /**
   * Public submits per survey per minute, whoever sends them (default `publicSubmitSurveyRateLimitDefault`):
   * no survey can be flooded, yet a crowd on one code gets through.
   */
  PUBLIC_SUBMIT_SURVEY_RATE_LIMIT: 'optional',
  /**
   * The least time between a start token and its submit, in ms (default minSubmitElapsedMs); 0 turns the
   * server's measure off (the test stacks, whose browsers answer at once).
   */
  PUBLIC_SUBMIT_MIN_FILL_MS: 'optional',
  /**
   * In AWS: the Secrets Manager secret (ARN) whose value CloudFront sends to the API as the
   * `originVerifyHeader`; a request without it did not come through our CloudFront (read it with
   * secretsmanager:GetSecretValue; accept AWSCURRENT and AWSPREVIOUS so a rotation never refuses traffic).
   */
  ORIGIN_VERIFY_SECRET_ARN: 'optional',
  /** Local only: the origin-verify value itself (the local gateway adds it as CloudFront does). */
  ORIGIN_VERIFY_SECRET: 'optional',
  /** In AWS: the CloudFront distribution serving `/files/*`, invalidated when an image is replaced or removed. */
  ASSETS_DISTRIBUTION_ID: 'optional',
  /** The operator's address: contact-form messages go here (the contact Lambda refuses to send without it). */
  CONTACT_TO_ADDRESS: 'optional',
  /** The SES-verified sender of contact-form messages; defaults to CONTACT_TO_ADDRESS. */
  CONTACT_FROM_ADDRESS: 'optional',
  /** The Google Places API (New) key of the business finder; without it place search answers PLACES_NOT_CONFIGURED. */
  GOOGLE_PLACES_API_KEY: 'optional',
  /** In AWS: the SSM SecureString parameter that holds that key, read once per container (the key stays out of the template). */
  GOOGLE_PLACES_API_KEY_PARAMETER: 'optional',
  /** Another Places API base URL than `https://places.googleapis.com` (tests and `npm start` against a loopback server). */
  GOOGLE_PLACES_API_URL: 'optional',
  /**
   * In AWS: the Secrets Manager secret (ARN) holding the Mollie API key (`live_…` or `test_…`), read once per
   * container by the payments Lambda; the key stays out of the template and the bundle.
   */
  MOLLIE_API_KEY_SECRET_ARN: 'optional',
  /** Local only: the Mollie API key itself (`npm start` and the tests: the local Mollie server's `test_…` key). */
  MOLLIE_API_KEY: 'optional',
  /** Local only: another Mollie API base than `https://api.mollie.com/v2/` (the local Mollie server). */
  MOLLIE_API_ENDPOINT: 'optional',
  POWERTOOLS_SERVICE_NAME: 'optional',
  POWERTOOLS_LOG_LEVEL: 'optional',
  /** Set by the Lambda runtime in AWS; by the local stack on a laptop. */
  AWS_REGION: 'required',
  /** Set by the Lambda runtime (the function's role); fake keys locally. Without them the SDK's chain decides. */
  AWS_ACCESS_KEY_ID: 'optional',
  AWS_SECRET_ACCESS_KEY: 'optional',
  AWS_SESSION_TOKEN: 'optional',
  /** Local only: the emulators' endpoints (one SES endpoint serves the v1 and v2 APIs). */
  AWS_ENDPOINT_URL_DYNAMODB: 'optional',
  AWS_ENDPOINT_URL_S3: 'optional',
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'optional',
  AWS_ENDPOINT_URL_SES: 'optional',
  /** Local only: `true` for s3rver, which serves buckets by path. */
  S3_FORCE_PATH_STYLE: 'optional',
} as const satisfies Record<string, 'required' | 'optional'>;

/**
 * Default of PUBLIC_SUBMIT_SURVEY_RATE_LIMIT, submits per survey per minute. Sized for a crowd: 1,000
 * customers queueing at one code within two minutes may, in the worst case, all send in the same minute
 * (a queue let through at once), so one minute's window must hold 1,000, plus a fifth for the page's one
 * automatic retry after a 429. 1,200 a minute is 20 a second: under a third of what the public Lambda serves
 * at its default concurrency (`routeThrottleOf` in infra/src/config.ts), so three surveys at their cap still
 * fit beside each other. The edge's per-survey rule (WAF) is derived from it.
 */
export const publicSubmitSurveyRateLimitDefault = 1200;

/**
 * The custom origin header CloudFront adds to every request it sends to the API, carrying the value of the
 * ORIGIN_VERIFY_SECRET_ARN secret (lower case, as the Lambda sees header names).
 */
export const originVerifyHeader = 'x-origin-verify';

export type LambdaEnvName = keyof typeof lambdaEnvVariables;
type NamesThatAre<N extends 'required' | 'optional'> = {
  [K in LambdaEnvName]: (typeof lambdaEnvVariables)[K] extends N ? K : never;
}[LambdaEnvName];

export type LambdaEnv = { readonly [K in NamesThatAre<'required'>]: string } & {
  readonly [K in NamesThatAre<'optional'>]?: string;
};

/** What a deployed function's configuration sets; the Lambda runtime adds the region and credentials. */
export type DeployedLambdaEnv = Omit<
  LambdaEnv,
  | 'AWS_REGION'
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
  | 'AWS_SESSION_TOKEN'
  | 'AWS_ENDPOINT_URL_DYNAMODB'
  | 'AWS_ENDPOINT_URL_S3'
  | 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'
  | 'AWS_ENDPOINT_URL_SES'
  | 'S3_FORCE_PATH_STYLE'
  | 'ORIGIN_VERIFY_SECRET'
  | 'MOLLIE_API_KEY'
  | 'MOLLIE_API_ENDPOINT'
>;

/** The variables as a process environment: unset optional ones left out. */
export function environmentVariables(env: Partial<LambdaEnv>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(lambdaEnvVariables) as LambdaEnvName[]) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}
