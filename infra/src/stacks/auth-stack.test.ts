import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { tokenValidity } from '@reviewroute/shared';
import { synthTestApp, type TestApp } from '../../testing/test-app';

describe('auth stack', () => {
  let app: TestApp;
  let template: Template;
  beforeAll(() => {
    app = synthTestApp();
    template = app.template('auth');
  });
  afterAll(() => app.cleanup());

  it('lets owners sign up with a verified e-mail address and a real password policy', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
    });
  });

  it('offers optional TOTP two-factor sign-in (no SMS) and keeps the old address until a new one is verified', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  it("writes Cognito's mails through the CustomMessage trigger, a Lambda of its own", () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { CustomMessage: { 'Fn::GetAtt': [Match.stringLikeRegexp('^CustomMessageFunction'), 'Arn'] } },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Runtime: 'nodejs22.x',
      Timeout: 5,
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it('keeps test stages disposable', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }),
    });
  });

  it('takes the admin scope out of access tokens with a pre token generation trigger (version 2, Essentials or Plus)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: Match.anyValue(),
      LambdaConfig: Match.objectLike({
        PreTokenGenerationConfig: {
          LambdaArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^PreTokenGenerationFunction'), 'Arn'] },
          LambdaVersion: 'V2_0',
        },
      }),
    });
    // Lite cannot run a version 2 trigger.
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: Match.not('LITE'),
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 'cognito-idp:DescribeUserPoolClient', Effect: 'Allow' }),
        ]),
      },
    });
  });

  it('has a server client for the API only: the admin password flow, no browser flow, short-lived tokens', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ClientName: 'reviewroute-server',
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      EnableTokenRevocation: true,
      AccessTokenValidity: 5,
    });
  });

  it('has a public app client for SRP and the server-side password proof, never plain password auth, without OAuth', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 2);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AllowedOAuthFlows: Match.absent(),
      CallbackURLs: Match.absent(),
      // The app writes the e-mail address and the locale at sign-up (a required attribute must be writable), nothing
      // else; its tokens carry no admin scope, so no later change goes around the API.
      WriteAttributes: Match.arrayEquals(['email', 'locale']),
    });
  });

  it('issues tokens valid as long as the shared description says (the erasure tombstone outlives them)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      IdTokenValidity: tokenValidity.idTokenMinutes,
      AccessTokenValidity: tokenValidity.accessTokenMinutes,
      RefreshTokenValidity: tokenValidity.refreshTokenDays * 24 * 60,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });
});
