import { passwordPolicy } from '@reviewroute/shared';
import { Duration, RemovalPolicy, Stack, type StackProps, Validations, CfnOutput } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  VerificationEmailStyle,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { type Construct } from 'constructs';
import { type StageConfig } from '../config';

export interface AuthStackProps extends StackProps {
  readonly config: StageConfig;
}

/** Cognito: owners sign up with their e-mail address, confirm it with a code and sign in. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The `iss` claim of the pool's tokens; the HTTP API JWT authorizer trusts exactly this issuer. */
  readonly issuer: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { isProd, emailFrom } = props.config;

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // A changed e-mail address only replaces the old one once the owner has confirmed it.
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      passwordPolicy: { ...passwordPolicy, tempPasswordValidity: Duration.days(3) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      email: emailFrom
        ? UserPoolEmail.withSES({
            fromEmail: emailFrom,
            fromName: 'ReviewRoute',
            sesVerifiedDomain: emailFrom.split('@')[1],
          })
        : UserPoolEmail.withCognito(),
      mfa: Mfa.OFF,
      // Threat protection (compromised credentials, adaptive auth) needs the Plus plan, billed per active
      // user: on in production, where it protects real accounts; other stages stay on Essentials.
      featurePlan: isProd ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      ...(isProd ? { standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION } : {}),
      deletionProtection: isProd,
      removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // A browser app cannot keep a secret.
      generateSecret: false,
      // SRP in production; plain password auth only so the local emulator (no SRP) runs the same client.
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      // The app signs in through the Cognito API (Amplify), not the hosted UI: no OAuth flows or callbacks.
      disableOAuth: true,
      enableTokenRevocation: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    this.issuer = `https://cognito-idp.${this.region}.${this.urlSuffix}/${this.userPool.userPoolId}`;

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'Not fixed yet, and not a choice: MFA needs a TOTP enrolment screen in the app, which does not exist yet ' +
        '(planned separately); requiring it now would lock every owner out. Until then: a strong password ' +
        '(min 8, upper, lower, digit, symbol), a verified address, and in prod Cognito threat protection ' +
        '(ENFORCED: compromised-credential and risky sign-in blocking).',
    });
    if (!isProd) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus feature plan (billed per active user) is used in the prod stage only; dev/preview stages hold test accounts.',
      });
    }

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
