import { Amplify } from 'aws-amplify';
import { type AppConfig } from './config';

let flow: AppConfig['authFlowType'] = 'USER_SRP_AUTH';

/**
 * Configures Amplify Auth from the runtime config. Locally cognito-local understands only password auth, so
 * the flow comes from the config (USER_PASSWORD_AUTH there, SRP in production).
 */
export function configureAmplify(config: AppConfig): void {
  flow = config.authFlowType;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}

/** The sign-in flow to pass to signIn(). */
export function authFlowType(): AppConfig['authFlowType'] {
  return flow;
}
