/** The region every local client uses; matches the Lambda env the brief prescribes. */
export const LOCAL_REGION = 'eu-west-1';

/** Fake keys: s3rver insists on S3RVER/S3RVER and the other emulators accept anything. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalResources {
  tableName: string;
  bucketName: string;
  userPoolId: string;
  userPoolClientId: string;
}

export interface LocalEndpoints {
  dynamodb: string;
  s3: string;
  cognito: string;
  ses: string;
  /** The origin the app is served from (CORS, links in mails). */
  siteOrigin: string;
}

/**
 * The environment a Lambda gets in AWS (TABLE_NAME, …) plus what points the AWS SDK at the emulators:
 * clients built with `{}` read AWS_ENDPOINT_URL_<SERVICE>, so handler code needs no local branches.
 */
export function lambdaEnvironment(
  resources: LocalResources,
  endpoints: LocalEndpoints,
  logLevel = 'INFO',
): Record<string, string> {
  return {
    TABLE_NAME: resources.tableName,
    ASSETS_BUCKET: resources.bucketName,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    SITE_ORIGIN: endpoints.siteOrigin,
    POWERTOOLS_SERVICE_NAME: 'reviewroute',
    POWERTOOLS_LOG_LEVEL: logLevel,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    AWS_ENDPOINT_URL_SES: endpoints.ses,
    // The SESv2 client's service id is "SESv2": it reads this one, not AWS_ENDPOINT_URL_SES.
    AWS_ENDPOINT_URL_SESV2: endpoints.ses,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
