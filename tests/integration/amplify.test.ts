import { Amplify } from 'aws-amplify';
import { confirmSignUp, fetchAuthSession, resendSignUpCode, signIn, signOut, signUp } from 'aws-amplify/auth';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD, uniqueEmail } from '../support/cognito';
import { extractCode, waitForMail } from '../support/inbox';

const stack = inject('localStack');

/**
 * The app's own auth library (aws-amplify 6.22), configured exactly from /config.json as the SPA does,
 * against the local pool: every call it makes must be understood (resend and refresh included).
 */
describe('aws-amplify against the local Cognito', () => {
  beforeAll(async () => {
    const config = (await (await fetch(`${stack.urls.api}/config.json`)).json()) as typeof stack.webConfig;
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
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

    const signedIn = await signIn({
      username: email,
      password: TEST_PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
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
