import * as z from 'zod';

/**
 * The web app's runtime configuration, served as /config.json by its host: written by the CDK web stack
 * in AWS, served by the local stack's gateway on a laptop, parsed by the app at start. One build runs
 * against any user pool.
 */
export const appConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** cognito-local's URL; absent in AWS, where Amplify derives Cognito's from the region. */
  userPoolEndpoint: z.url().optional(),
  /** cognito-local understands only password auth; production keeps SRP. */
  authFlowType: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
  /**
   * Whether the API has a Google Places key: without one the wizard's business finder says search is not
   * configured from the start, instead of after a first search.
   */
  placeSearch: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
