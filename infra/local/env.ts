import { appConfigSchema, workerName, workers, type AppConfig, type LambdaEnv } from '@reviewroute/shared';

/** The region every local client uses. */
export const LOCAL_REGION = 'eu-west-1';

/**
 * The local stack's monitored help address (SUPPORT_ADDRESS): every owner mail names it, the password-changed notice
 * of the local Cognito included; like every address here it only ever reaches the local inbox.
 */
export const LOCAL_SUPPORT_ADDRESS = 'support@reviewroute.local';

/** Fake keys: s3rver insists on S3RVER/S3RVER and the other emulators accept anything. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalResources {
  tableName: string;
  bucketName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The API's server client (its tokens keep Cognito's admin scope; the account Lambda's sessions only). */
  userPoolServerClientId: string;
  /** The value the gateway adds as CloudFront's origin-verify header (random per stack). */
  originVerifySecret: string;
  /** The key the owner mails' links are signed with (random per stack, as AWS's generated secret is per stage). */
  mailLinkSecret: string;
}

export interface LocalEndpoints {
  dynamodb: string;
  s3: string;
  cognito: string;
  ses: string;
  /** The local End User Messaging SMS (infra/local/sms.ts): the texts' endpoint. */
  sms?: string;
  /** The origin the app is served from (CORS, links in mails). */
  siteOrigin: string;
  /** The local Mollie's API base and the one key it accepts (the payments Lambda's client points there). */
  mollie?: { apiEndpoint: string; apiKey: string };
  /** The Lambda twin (infra/local/lambda-twin.ts): the readers hand their `stream-handoff` workers' records to it. */
  lambda?: string;
}

/** Each hand-off's variable naming its worker's function: CDK sets it on the reader; locally the twin's name. */
const handoffFunctions = (): Partial<LambdaEnv> =>
  Object.fromEntries(
    workers.flatMap((worker) =>
      worker.trigger.kind === 'stream-handoff' ? [[worker.trigger.functionVariable, workerName(worker.id)]] : [],
    ),
  );

/**
 * The environment a Lambda gets in AWS (TABLE_NAME, …) plus the region, fake keys and the emulators'
 * endpoints, which the handlers hand to their SDK clients: handler code has no local branches, and
 * this process's own environment is left alone. `overrides` adds or replaces variables (a bench's limits).
 */
export function lambdaEnvironment(
  resources: LocalResources,
  endpoints: LocalEndpoints,
  logLevel = 'INFO',
  overrides: Partial<LambdaEnv> = {},
): LambdaEnv {
  return {
    TABLE_NAME: resources.tableName,
    ASSETS_BUCKET: resources.bucketName,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    USER_POOL_SERVER_CLIENT_ID: resources.userPoolServerClientId,
    SITE_ORIGIN: endpoints.siteOrigin,
    // As in AWS: the site origin serves the bucket's public prefix at /files/… (the gateway stands in for CloudFront).
    ASSETS_PUBLIC_BASE_URL: endpoints.siteOrigin,
    ORIGIN_VERIFY_SECRET: resources.originVerifySecret,
    MAIL_LINK_SECRET: resources.mailLinkSecret,
    // Contact-form messages land in the local inbox, addressed to this made-up operator.
    CONTACT_TO_ADDRESS: 'contact@reviewroute.local',
    CONTACT_FROM_ADDRESS: 'no-reply@reviewroute.local',
    SUPPORT_ADDRESS: LOCAL_SUPPORT_ADDRESS,
    // The SES emulator has no sending quota: the requests worker sends as fast as its claims allow.
    REVIEW_REQUEST_SEND_RATE: '500',
    // Mails to SES's simulator addresses bounce or complain through the local twin (infra/local/ses-events.ts).
    SES_CONFIGURATION_SET: 'reviewroute-local',
    // As in AWS (decisions 26): review requests from their own sending subdomain, with their own configuration set.
    REQUEST_MAIL_FROM_ADDRESS: 'requests@requests.reviewroute.local',
    REQUEST_MAIL_CONFIGURATION_SET: 'reviewroute-local-requests',
    // Texts with their own configuration set: the local SMS service reports their events (infra/local/sms.ts).
    SMS_CONFIGURATION_SET: 'reviewroute-local-texts',
    // The platform's daily cap as in AWS, above what a day of benches sends on one data directory.
    REQUEST_MAIL_DAILY_CAP: '100000',
    // Texts: a day above what the 5,000-text bench sends, and a sender number for the countries that show no
    // sender ID (a number of the Dutch range for machine-to-machine use, never a person's).
    REQUEST_TEXT_DAILY_CAP: '100000',
    SMS_SENDER_NUMBER: '+3197010000001',
    // Invoices name a seller; locally it is a placeholder that says so on every invoice.
    INVOICE_SELLER_NAME: 'PLACEHOLDER Seller B.V. (set invoiceSellerName)',
    INVOICE_SELLER_ADDRESS: 'PLACEHOLDER Street 1\n0000 XX Placeholder City (set invoiceSellerAddress)',
    INVOICE_SELLER_KVK: '00000000 (PLACEHOLDER)',
    INVOICE_SELLER_VAT: 'NL000000000B00 (PLACEHOLDER)',
    POWERTOOLS_SERVICE_NAME: 'reviewroute',
    POWERTOOLS_LOG_LEVEL: logLevel,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    AWS_ENDPOINT_URL_SES: endpoints.ses,
    S3_FORCE_PATH_STYLE: 'true',
    ...(endpoints.sms ? { AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2: endpoints.sms } : {}),
    ...(endpoints.lambda ? { AWS_ENDPOINT_URL_LAMBDA: endpoints.lambda, ...handoffFunctions() } : {}),
    ...(endpoints.mollie
      ? { MOLLIE_API_KEY: endpoints.mollie.apiKey, MOLLIE_API_ENDPOINT: endpoints.mollie.apiEndpoint }
      : {}),
    ...overrides,
  };
}

/**
 * What the gateway serves as /config.json, checked against the schema the app parses it with: a mistake here
 * fails the start, not the browser.
 */
export function localWebConfig(
  pool: Pick<LocalResources, 'userPoolId' | 'userPoolClientId'>,
  cognitoUrl: string,
  env: Pick<LambdaEnv, 'GOOGLE_PLACES_API_KEY'>,
): AppConfig {
  return appConfigSchema.parse({
    region: LOCAL_REGION,
    userPoolId: pool.userPoolId,
    userPoolClientId: pool.userPoolClientId,
    // The browser talks to cognito-local directly; it answers CORS for any origin.
    userPoolEndpoint: cognitoUrl,
    authFlowType: 'USER_PASSWORD_AUTH',
    // Without a key (`npm start` without GOOGLE_PLACES_API_KEY) place search answers PLACES_NOT_CONFIGURED.
    placeSearch: Boolean(env.GOOGLE_PLACES_API_KEY),
  } satisfies AppConfig);
}
