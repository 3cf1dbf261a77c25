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

  it('has a public app client for SRP and the server-side password proof, never plain password auth, without OAuth', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
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
      // The app writes the e-mail address (change) and the locale (sign-up), nothing else.
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
