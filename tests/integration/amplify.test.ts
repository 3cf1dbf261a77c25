import { confirmSignUp, fetchAuthSession, resendSignUpCode, signIn, signOut, signUp } from 'aws-amplify/auth';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { authFlowType, configureAmplify } from '../../web/src/lib/amplify';
import { loadConfig } from '../../web/src/lib/config';
import { TEST_PASSWORD, uniqueEmail } from '../support/cognito';
import { extractCode, waitForMail } from '../support/inbox';

const stack = inject('localStack');

/**
 * The app's own auth library (aws-amplify 6.22), configured exactly from /config.json as the SPA does,
 * against the local pool: every call it makes must be understood (resend and refresh included).
 */
describe('aws-amplify against the local Cognito', () => {
  beforeAll(async () => {
    // The SPA's own start-up: /config.json read and validated, Amplify configured from it.
    configureAmplify(await loadConfig((path, init) => fetch(`${stack.urls.api}${String(path)}`, init)));
  });

  it('signs up, resends the code, confirms, signs in with password auth, refreshes and signs out', async () => {
    const email = uniqueEmail('amplify');
    const up = await signUp({ username: email, password: TEST_PASSWORD, options: { userAttributes: { email } } });
    expect(up.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    const first = await waitForMail(stack.urls.inbox, email);

    await resendSignUpCode({ username: email });
    const second = await waitForMail(stack.urls.inbox, email, { after: first });
    expect((await confirmSignUp({ username: email, confirmationCode: extractCode(second) })).isSignUpComplete).toBe(
      true,
    );

    // cognito-local understands only password auth, and the local config says so.
    expect(authFlowType()).toBe('USER_PASSWORD_AUTH');
    const signedIn = await signIn({
      username: email,
      password: TEST_PASSWORD,
      options: { authFlowType: authFlowType() },
    });
    expect(signedIn.isSignedIn).toBe(true);

    const before = await fetchAuthSession();
    // forceRefresh makes Amplify call GetTokensFromRefreshToken, which the local layer translates.
    const after = await fetchAuthSession({ forceRefresh: true });
    expect(after.tokens?.idToken?.payload.jti).not.toBe(before.tokens?.idToken?.payload.jti);
    expect(after.tokens?.idToken?.payload.email).toBe(email);

    const me = await fetch(`${stack.urls.api}/api/me`, {
      headers: { authorization: `Bearer ${after.tokens!.idToken!.toString()}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ userId: up.userId, email });

    await signOut();
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });
});
