import {
  AssociateSoftwareTokenCommand,
  type CognitoIdentityProviderClient,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Secret, TOTP } from 'otpauth';

/**
 * An authenticator app for tests: codes of a Cognito TOTP secret (SHA-1, 6 digits, 30 s). Cognito accepts each
 * time step's code once, so `nextCode` never hands out a step twice: when the current step is used up it gives
 * the next one (accepted one step early for clock drift) and, when that is used too, waits for time to move on.
 */
export class TestAuthenticator {
  private readonly totp: TOTP;
  private lastStep = -1;

  /**
   * `after`: the owner's previous app, when two-step verification is set up again with a new secret. Cognito
   * remembers the last time step a user spent, not a secret's, so the new app continues after the old one's.
   */
  constructor(secret: string, after?: TestAuthenticator) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30 });
    if (after) this.lastStep = after.lastStep;
  }

  async nextCode(): Promise<string> {
    for (;;) {
      const current = Math.floor(Date.now() / 30_000);
      const step = Math.max(current, this.lastStep + 1);
      if (step <= current + 1) {
        this.lastStep = step;
        return this.totp.generate({ timestamp: step * 30_000 });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Turns the authenticator app on for the owner of `accessToken` as the security tab does; returns their app
 * (`previous`: the app of an earlier set-up, see TestAuthenticator).
 */
export async function enableTotp(
  cognito: CognitoIdentityProviderClient,
  accessToken: string,
  previous?: TestAuthenticator,
): Promise<TestAuthenticator> {
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  const app = new TestAuthenticator(SecretCode!, previous);
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: await app.nextCode() }));
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return app;
}
