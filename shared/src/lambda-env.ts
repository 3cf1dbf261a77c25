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
  /** The public origin (`https://…`), the start of every absolute survey link. */
  SITE_ORIGIN: 'required',
  /** Where uploaded survey images are served (`{SITE_ORIGIN}/files` in AWS); else the bucket's own URL. */
  ASSETS_PUBLIC_BASE_URL: 'optional',
  /** Public submits per client per minute (default 10). */
  PUBLIC_SUBMIT_RATE_LIMIT: 'optional',
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
