import { lambdaEnvVariables, type LambdaEnv, type LambdaEnvName } from '@reviewroute/shared';

/**
 * The typed reader of a Lambda environment. Each variable is read when it is first asked for, not when
 * the view is made, so a handler module can be loaded before its environment is complete (unit tests)
 * and a route that needs no table never asks for TABLE_NAME. An unset required variable throws; an empty
 * value counts as unset.
 */
export function lambdaEnvOf(source: Record<string, string | undefined>): LambdaEnv {
  const env = {};
  for (const [name, need] of Object.entries(lambdaEnvVariables)) {
    Object.defineProperty(env, name, {
      enumerable: true,
      get: () => {
        const value = source[name];
        if (value !== undefined && value !== '') return value;
        if (need === 'required') throw new Error(`Environment variable ${name} is not set`);
        return undefined;
      },
    });
  }
  return env as LambdaEnv;
}

/** This process's environment: what a handler gets in AWS, where Lambda sets process.env. */
export const processLambdaEnv: LambdaEnv = lambdaEnvOf(process.env);

type EndpointName = Extract<LambdaEnvName, `AWS_ENDPOINT_URL_${string}`>;

/**
 * Region, credentials and (locally) endpoint of an AWS SDK client, from the environment it is given
 * rather than the SDK's own look-up in process.env: two local stacks in one process each reach their
 * own emulators. Without keys in the environment the SDK's default chain finds them.
 */
export function awsClientConfig(env: LambdaEnv, endpoint?: EndpointName) {
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  const sessionToken = env.AWS_SESSION_TOKEN;
  const url = endpoint ? env[endpoint] : undefined;
  return {
    region: env.AWS_REGION,
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } }
      : {}),
    ...(url ? { endpoint: url } : {}),
  };
}
