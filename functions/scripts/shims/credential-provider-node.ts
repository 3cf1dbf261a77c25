// Stands in for `@aws-sdk/credential-provider-node` (the SDK's default credential chain) in Lambda bundles.
// In Lambda the role's credentials are in the environment, and awsClientConfig (functions/src/lib/env.ts)
// hands them to every client, so the chain is never asked; were it asked, the environment is where it
// would find them. The real chain (profiles, SSO, web identity, instance metadata, and the STS and SSO
// clients they need) is about 100 KB minified in every bundle that has an SDK client.
interface EnvCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export const defaultProvider = () => async (): Promise<EnvCredentials> => {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = process.env;
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the Lambda environment');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
};
