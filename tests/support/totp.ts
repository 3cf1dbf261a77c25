import { Secret, TOTP } from 'otpauth';
import { pathOf } from '@reviewroute/shared';
import { apiCall, type ApiUser } from './api';

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
 * Turns the authenticator app on for `owner` as the security tab does, through the API (the browser's access token
 * may not call Cognito's user API): the recovery codes and the secret once the password is proven, then the first
 * code with the password again. Returns their app with the recovery codes (`previous`: the app of an earlier set-up,
 * see TestAuthenticator). `api`: the local API's base URL.
 */
export async function enableTotp(
  api: string,
  owner: ApiUser,
  previous?: TestAuthenticator,
): Promise<TestAuthenticator & { recoveryCodes: string[] }> {
  const started = await apiCall(api, 'POST', pathOf('start-two-factor'), {
    user: owner,
    body: { password: owner.password },
  });
  if (started.status !== 200)
    throw new Error(`start-two-factor answered ${started.status}: ${JSON.stringify(started.body)}`);
  const { secret, codes } = started.body as { secret: string; codes: string[] };
  const app = Object.assign(new TestAuthenticator(secret, previous), { recoveryCodes: codes });
  const confirmed = await apiCall(api, 'POST', pathOf('confirm-two-factor'), {
    user: owner,
    body: { password: owner.password, code: await app.nextCode() },
  });
  if (confirmed.status !== 200)
    throw new Error(`confirm-two-factor answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  return app;
}
