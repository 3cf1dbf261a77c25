import { passwordPolicy, tokenValidity } from '@reviewroute/shared';
import { grantSendMail } from './lambda-access';
import {
  customMessageEntry,
  postConfirmationEntry,
  preTokenGenerationEntry,
} from '@reviewroute/functions/triggers/entries';
import { serverClientName } from '@reviewroute/functions/triggers/pre-token-generation';
import { Duration, RemovalPolicy, Stack, type StackProps, Validations, CfnOutput } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  LambdaVersion,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClientIdentityProvider,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { type Construct } from 'constructs';
import { type StageConfig } from '../config';
import { createReviewRouteFunction } from './lambda-function';

export interface AuthStackProps extends StackProps {
  readonly config: StageConfig;
}

/** Cognito: owners sign up with their e-mail address, confirm it with a code and sign in. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The API's own client (server-side sessions after a proof); its tokens keep Cognito's admin scope. */
  readonly serverClient: UserPoolClient;
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
      // `locale` (the owner's language, stored at sign-up for Cognito's mails) is a standard attribute every pool has,
      // mutable by default: it stays out of the schema, whose change on a deployed pool CloudFormation cannot apply.
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
      // Two-factor sign-in is the owner's choice: an authenticator app (TOTP), set up on the account page.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Threat protection (compromised credentials, adaptive auth) needs the Plus plan, billed per active
      // user: on in production, where it protects real accounts; other stages stay on Essentials. Either plan
      // runs the pre token generation trigger's version 2 (access token scopes), which Lite does not.
      featurePlan: isProd ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      ...(isProd ? { standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION } : {}),
      deletionProtection: isProd,
      removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // A browser app cannot keep a secret.
      generateSecret: false,
      // The browser signs in with SRP only: the password never leaves it. The account Lambda proves a password
      // server-side (ADMIN_USER_PASSWORD_AUTH, IAM-authorised) before a sensitive change. Plain USER_PASSWORD_AUTH,
      // which sends the password to Cognito as is, stays a local-emulator-only flow (infra/local/provision.ts):
      // cognito-local has no SRP.
      authFlows: { userSrp: true, adminUserPassword: true },
      preventUserExistenceErrors: true,
      // The app signs in through the Cognito API (Amplify), not the hosted UI: no OAuth flows or callbacks.
      disableOAuth: true,
      enableTokenRevocation: true,
      // The app reads and writes only these; `locale` is written at sign-up (the language of Cognito's mails), and
      // `email` at sign-up only: Cognito requires a pool's required attributes to be writable by a client that signs
      // users up. A later change cannot use that permission: the client's access tokens carry no admin scope (the
      // pre token generation trigger), so UpdateUserAttributes refuses them; the address changes through our API.
      readAttributes: new ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true, locale: true })
        .withCustomAttributes(),
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true, locale: true }),
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      // One description (shared): account deletion's tombstone outlives every token issued before it.
      idTokenValidity: Duration.minutes(tokenValidity.idTokenMinutes),
      accessTokenValidity: Duration.minutes(tokenValidity.accessTokenMinutes),
      refreshTokenValidity: Duration.days(tokenValidity.refreshTokenDays),
    });

    // The API's own client: the account Lambda opens a session of the owner as it (ADMIN_USER_PASSWORD_AUTH, IAM-
    // authorised, after the API counted the attempt) to set up the authenticator app and confirm a new address,
    // the calls that need an access token with Cognito's admin scope. Its tokens never leave the Lambda (revoked
    // at once); no browser flow is allowed on it. The trigger keeps the scope for this client by its name.
    this.serverClient = this.userPool.addClient('ServerClient', {
      userPoolClientName: serverClientName,
      generateSecret: false,
      authFlows: { adminUserPassword: true },
      preventUserExistenceErrors: true,
      disableOAuth: true,
      enableTokenRevocation: true,
      readAttributes: new ClientAttributes().withStandardAttributes({ email: true, emailVerified: true, locale: true }),
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true, locale: true }),
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      // One request's session: the shortest validity Cognito allows.
      idTokenValidity: Duration.minutes(5),
      accessTokenValidity: Duration.minutes(5),
      refreshTokenValidity: Duration.hours(1),
    });

    this.addCustomMessageTrigger(isProd);
    this.addPreTokenGenerationTrigger(isProd);
    this.addPasswordChangedNotice(isProd, props.config);

    this.issuer = `https://cognito-idp.${this.region}.${this.urlSuffix}/${this.userPool.userPoolId}`;

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional, not required: every owner can turn on TOTP two-factor sign-in on the account page ' +
        '(security tab); requiring it would force an authenticator app on every small-business owner at sign-up. ' +
        'Besides: a strong password (min 8, upper, lower, digit, symbol), a verified address, and in prod Cognito ' +
        'threat protection (ENFORCED: compromised-credential and risky sign-in blocking).',
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
    new CfnOutput(this, 'UserPoolServerClientId', { value: this.serverClient.userPoolClientId });
  }

  /**
   * The PreTokenGeneration trigger, event version 2 (needs the Essentials or Plus feature plan): the access
   * tokens of every client but the server's lose Cognito's `aws.cognito.signin.user.admin` scope, so a token
   * taken from the browser cannot call Cognito's user API (UpdateUserAttributes, VerifyUserAttribute,
   * SetUserMFAPreference, DeleteUser…) around the proofs our API asks. It reads the calling client's name
   * (DescribeUserPoolClient): its id cannot be put in the trigger's environment without a cycle (pool -> trigger
   * -> client -> pool), so the permission names every pool of this account and region.
   */
  private addPreTokenGenerationTrigger(isProd: boolean): void {
    const { fn, role } = createReviewRouteFunction(this, 'PreTokenGeneration', {
      isProd,
      roleDescription: 'ReviewRoute Cognito PreTokenGeneration trigger',
      description: "ReviewRoute: access tokens without Cognito's admin scope",
      entry: preTokenGenerationEntry,
      memorySize: 256,
      // Cognito waits at most 5 s for a trigger.
      timeout: Duration.seconds(5),
    });
    const pools = this.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' });
    role.addToPolicy(new PolicyStatement({ actions: ['cognito-idp:DescribeUserPoolClient'], resources: [pools] }));
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${flattenCfnReference(this.resolve(pools))}]`,
      reason:
        'DescribeUserPoolClient only (a read of a client’s settings), on the pools of this account and region: the ' +
        'pool’s own ARN would make a cycle (the pool names this trigger).',
    });
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, fn, LambdaVersion.V2_0);
  }
  /**
   * The CustomMessage trigger: Cognito's code mails in the owner's language (functions/src/triggers, texts from
   * the mail layer's catalogues). Its own
   * role logs to its own group only; it reads nothing else.
   */
  private addCustomMessageTrigger(isProd: boolean): void {
    const { fn } = createReviewRouteFunction(this, 'CustomMessage', {
      isProd,
      roleDescription: 'ReviewRoute Cognito CustomMessage trigger',
      description: "ReviewRoute: Cognito's mails in the owner's language",
      entry: customMessageEntry,
      memorySize: 256,
      // Cognito waits at most 5 s for a trigger.
      timeout: Duration.seconds(5),
    });
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, fn);
  }

  /**
   * The PostConfirmation trigger: after a password was changed by code (`PostConfirmation_ConfirmForgotPassword`,
   * the only way the app changes one) it mails the owner the password-changed notice (decisions 23) from the
   * product's sender. Without a contact address (no sender) there is nothing to send from, and no trigger.
   */
  private addPasswordChangedNotice(
    isProd: boolean,
    { contactEmail: contactTo, emailFrom, supportEmail }: AuthStackProps['config'],
  ) {
    if (!contactTo) return;
    const from = emailFrom ?? contactTo;
    const { fn, role } = createReviewRouteFunction(this, 'PostConfirmation', {
      isProd,
      roleDescription: 'ReviewRoute Cognito PostConfirmation trigger',
      description: 'ReviewRoute: the password-changed notice',
      entry: postConfirmationEntry,
      memorySize: 256,
      // Cognito waits at most 5 s for a trigger.
      timeout: Duration.seconds(5),
      // The notice names the monitored help address (SUPPORT_ADDRESS), never the sender.
      environment: {
        CONTACT_TO_ADDRESS: contactTo,
        CONTACT_FROM_ADDRESS: from,
        ...(supportEmail ? { SUPPORT_ADDRESS: supportEmail } : {}),
      },
    });
    grantSendMail(this, role, { from, alsoIdentities: [contactTo] });
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, fn);
  }
}
