import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithApp } from '@testing/render';
import { AuthPage } from './auth-page';

const amplify = vi.hoisted(() => ({
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  autoSignIn: vi.fn(),
  resendSignUpCode: vi.fn(),
  signIn: vi.fn(),
  getCurrentUser: vi.fn(),
  fetchAuthSession: vi.fn(),
  confirmSignIn: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

/** Amplify's session whose ID token names `email` (what the app reads the address from). */
const sessionWithEmail = (email: string) => ({
  tokens: { idToken: { toString: () => 'id-token', payload: { email } } },
});
vi.mock('@/lib/amplify', () => ({ authFlowType: () => 'USER_SRP_AUTH' }));

const dashboard = { path: '/dashboard', element: <h1>Dashboard page</h1> };
const nlDashboard = { path: '/nl/dashboard', element: <h1>Dutch dashboard page</h1> };

function renderAuth(path = '/auth', session: { userId: string; email: string } | null = null) {
  const user = userEvent.setup();
  const view = renderWithApp(<AuthPage />, { path, session, routes: [dashboard, nlDashboard] });
  return { user, ...view };
}

beforeEach(() => {
  vi.resetAllMocks();
  // Sonner keeps its toasts in a module-wide store: one test's "Email confirmed" would show in the next.
  toast.dismiss();
  amplify.getCurrentUser.mockImplementation(async () => {
    throw Object.assign(new Error('not signed in'), { name: 'UserUnAuthenticatedException' });
  });
});

describe('AuthPage', () => {
  it('opens on the sign-up tab with the trial banner, terms links and a language switcher', () => {
    renderAuth();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to ReviewRoute' })).toBeTruthy();
    const signUpTab = screen.getByRole('tab', { name: 'Sign up' });
    expect(signUpTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Sign in' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByText('7-day free trial')).toBeTruthy();
    expect(screen.getByText('No credit card needed. Cancel anytime.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByTestId('language-switcher').textContent).toContain('English');
    expect(screen.getByRole('list', { name: 'Password requirements' }).textContent).toContain('At least 8 characters');
    expect(document.title).toContain('Sign up');
  });

  it.each([
    ['/auth?tab=signin', 'Sign in', 'Welcome back'],
    ['/nl/auth?tab=signin', 'Inloggen', 'Welkom terug'],
  ])('%s opens the sign-in tab', (path, tabName, heading) => {
    renderAuth(path);
    expect(screen.getByRole('tab', { name: tabName }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(document.title).toContain(tabName);
  });

  it('keeps the chosen tab in the URL, so a reload or the language switcher keeps it', async () => {
    const { user, router } = renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Sign in' }));
    expect(router.state.location.search).toBe('?tab=signin');
    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true');
  });

  it('localizes the page and its links under /nl', () => {
    renderAuth('/nl/auth');
    expect(screen.getByRole('tab', { name: 'Registreren' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'algemene voorwaarden' }).getAttribute('href')).toBe('/nl/voorwaarden');
    expect(screen.getByRole('link', { name: 'privacybeleid' }).getAttribute('href')).toBe('/nl/privacy');
  });

  /** Amplify's session once a sign-in went through: what refreshSession reads. */
  const signedInAs = (email: string) => {
    amplify.getCurrentUser.mockResolvedValue({ userId: 'u1', username: 'u1', signInDetails: { loginId: email } });
    amplify.fetchAuthSession.mockResolvedValue(sessionWithEmail(email));
    return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  };

  it('sign-up -> code confirmed in the same tab -> signed in on the dashboard, no second password', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.confirmSignUp.mockResolvedValue({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
    });
    amplify.autoSignIn.mockImplementation(async () => signedInAs('new@shop.nl'));
    const { user, router } = renderAuth('/nl/auth');

    await user.type(screen.getByLabelText('E-mailadres'), 'new@shop.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    // Amplify's auto sign-in is asked for, with the flow the sign-in form uses.
    expect(amplify.signUp).toHaveBeenCalledWith({
      username: 'new@shop.nl',
      password: 'Secret1!',
      options: {
        userAttributes: { email: 'new@shop.nl', locale: 'nl' },
        autoSignIn: { authFlowType: 'USER_SRP_AUTH' },
      },
    });
    await user.type(await screen.findByLabelText('Bevestigingscode'), '123456');
    await user.click(screen.getByRole('button', { name: 'E-mailadres bevestigen' }));

    expect(await screen.findByRole('heading', { name: 'Dutch dashboard page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nl/dashboard');
    expect(amplify.autoSignIn).toHaveBeenCalledTimes(1);
    expect(amplify.signIn).not.toHaveBeenCalled();
    // A new owner is welcomed, not welcomed back.
    expect(await screen.findByText('Welkom bij ReviewRoute!')).toBeTruthy();
  });

  it('an auto sign-in that fails after the code leaves the owner on sign-in with the address filled in', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.confirmSignUp.mockResolvedValue({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
    });
    amplify.autoSignIn.mockRejectedValue(Object.assign(new Error('network'), { name: 'NetworkError' }));
    const { user, router } = renderAuth();
    await user.type(screen.getByLabelText('Email'), 'new@shop.nl');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Sign in' });
    expect((within(panel).getByLabelText('Email') as HTMLInputElement).value).toBe('new@shop.nl');
    expect(screen.getByText('Email confirmed')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sign-up -> code confirmed later (auto sign-in expired) -> sign-in tab with the e-mail filled in', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    amplify.resendSignUpCode.mockResolvedValue({});
    const { user } = renderAuth();

    await user.type(screen.getByLabelText('Email'), 'new@shop.nl');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeTruthy();
    expect(screen.getByTestId('confirm-email').textContent).toContain('new@shop.nl');
    expect(amplify.signUp).toHaveBeenCalledWith({
      username: 'new@shop.nl',
      password: 'Secret1!',
      // The locale: the language of Cognito's mails to this owner.
      options: {
        userAttributes: { email: 'new@shop.nl', locale: 'en' },
        autoSignIn: { authFlowType: 'USER_SRP_AUTH' },
      },
    });

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(amplify.resendSignUpCode).toHaveBeenCalledWith({ username: 'new@shop.nl' }));
    expect(await screen.findByText('Code sent')).toBeTruthy();

    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    await waitFor(() =>
      expect(amplify.confirmSignUp).toHaveBeenCalledWith({ username: 'new@shop.nl', confirmationCode: '123456' }),
    );

    const signInTab = await screen.findByRole('tab', { name: 'Sign in' });
    await waitFor(() => expect(signInTab.getAttribute('aria-selected')).toBe('true'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@shop.nl');
    expect(screen.getByText('Email confirmed')).toBeTruthy();

    // The first sign-in, right after confirming, welcomes a new owner (not "Welcome back!").
    amplify.signIn.mockImplementation(async () => {
      amplify.getCurrentUser.mockResolvedValue({
        userId: 'u1',
        username: 'u1',
        signInDetails: { loginId: 'new@shop.nl' },
      });
      amplify.fetchAuthSession.mockResolvedValue(sessionWithEmail('new@shop.nl'));
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome to ReviewRoute!')).toBeTruthy();
    expect(screen.queryByText('Welcome back!')).toBeNull();
  });

  it('shows a wrong code as a Dutch alert under /nl and stays on the code step', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.confirmSignUp.mockImplementation(async () => {
      throw Object.assign(new Error('Invalid verification code provided, please try again.'), {
        name: 'CodeMismatchException',
      });
    });
    const { user } = renderAuth('/nl/auth');
    await user.type(screen.getByLabelText('E-mailadres'), 'new@shop.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    await user.type(await screen.findByLabelText('Bevestigingscode'), '000000');
    await user.click(screen.getByRole('button', { name: 'E-mailadres bevestigen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Deze code klopt niet');
    expect(alert.textContent).not.toContain('Invalid verification code');
    expect(screen.getByRole('heading', { name: 'Bevestig je e-mailadres' })).toBeTruthy();
    // Typing a new code clears the old answer.
    await user.clear(screen.getByLabelText('Bevestigingscode'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an address confirmed in the meantime offers sign-in from the code step', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.resendSignUpCode.mockRejectedValue(
      Object.assign(new Error('User is already confirmed.'), { name: 'InvalidParameterException' }),
    );
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Email'), 'done@shop.nl');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This email address is already confirmed');
    await user.click(within(alert).getByRole('button', { name: 'Go to sign in' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Sign in' });
    expect((within(panel).getByLabelText('Email') as HTMLInputElement).value).toBe('done@shop.nl');
  });

  it('a code entered after the address was confirmed elsewhere goes on to sign-in with the address', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.confirmSignUp.mockRejectedValue(
      Object.assign(new Error('User cannot be confirmed. Current status is CONFIRMED'), {
        name: 'NotAuthorizedException',
      }),
    );
    const { user } = renderAuth('/nl/auth');
    await user.type(screen.getByLabelText('E-mailadres'), 'elsewhere@shop.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    await user.type(await screen.findByLabelText('Bevestigingscode'), '123456');
    await user.click(screen.getByRole('button', { name: 'E-mailadres bevestigen' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Inloggen' });
    expect((within(panel).getByLabelText('E-mailadres') as HTMLInputElement).value).toBe('elsewhere@shop.nl');
    expect(screen.queryByRole('alert')).toBeNull();
    // Sign-up's auto sign-in was not armed (the code was refused), so nothing signs in behind the owner's back.
    expect(amplify.autoSignIn).not.toHaveBeenCalled();
    expect(amplify.signIn).not.toHaveBeenCalled();
  });

  it('rejects a code that is not 6 digits without calling the service', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Email'), 'new@shop.nl');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Confirmation code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeTruthy();
    expect(amplify.confirmSignUp).not.toHaveBeenCalled();
  });

  it('an existing address gets a translated message and a way to sign in with it', async () => {
    amplify.signUp.mockRejectedValue(
      Object.assign(new Error('User already exists'), { name: 'UsernameExistsException' }),
    );
    const { user, router } = renderAuth('/nl/auth');
    await user.type(screen.getByLabelText('E-mailadres'), 'taken@shop.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Er bestaat al een account met dit e-mailadres');
    expect(alert.textContent).not.toContain('User already exists');

    await user.click(within(alert).getByRole('button', { name: 'Inloggen met dit adres' }));
    expect(screen.getByRole('tab', { name: 'Inloggen' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.pathname).toBe('/nl/auth');
    expect(router.state.location.search).toBe('?tab=signin');
    const panel = screen.getByRole('tabpanel', { name: 'Inloggen' });
    expect((within(panel).getByLabelText('E-mailadres') as HTMLInputElement).value).toBe('taken@shop.nl');
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByLabelText('Wachtwoord')));
  });

  it('checks the password policy as the owner types and refuses to submit while a rule fails', async () => {
    const { user } = renderAuth();
    const password = screen.getByLabelText('Password');
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    const met = () =>
      within(rules)
        .getAllByRole('listitem')
        .filter((item) => item.dataset.met === 'true')
        .map((item) => item.dataset.rule);
    expect(password.getAttribute('aria-describedby')).toContain(rules.parentElement!.id);
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Still needed: At least 8 characters',
      'Still needed: A lowercase letter',
      'Still needed: An uppercase letter',
      'Still needed: A number',
      'Still needed: A symbol, such as ! ? # or -',
    ]);

    await user.type(password, 'abc');
    expect(met()).toEqual(['lowercase']);
    await user.type(password, 'DEF1');
    expect(met()).toEqual(['lowercase', 'uppercase', 'digit']);
    expect(within(rules).getAllByRole('listitem')[1]!.textContent).toBe('Done: A lowercase letter');

    await user.type(screen.getByLabelText('Email'), 'new@shop.nl');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Choose a password that meets every requirement below')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(amplify.signUp).not.toHaveBeenCalled();

    await user.type(password, '!x');
    expect(met()).toEqual(['minLength', 'lowercase', 'uppercase', 'digit', 'symbol']);
  });

  it('refuses a password that starts or ends with a space, which the user pool rejects', async () => {
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Email'), 'new@shop.nl');
    await user.type(screen.getByLabelText('Password'), 'Secret1! ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your password cannot start or end with a space')).toBeTruthy();
    expect(amplify.signUp).not.toHaveBeenCalled();
  });

  it('shows the checklist in Dutch under /nl', () => {
    renderAuth('/nl/auth');
    const rules = screen.getByRole('list', { name: 'Wachtwoordeisen' });
    expect(rules.textContent).toContain('Minimaal 8 tekens');
    expect(rules.textContent).toContain('Een hoofdletter');
  });

  it("translates the service's sign-up error and disables the form while submitting", async () => {
    const pending = deferred<never>();
    amplify.signUp.mockReturnValue(pending.promise);
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Email'), 'taken@shop.nl');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const busy = await screen.findByRole('button', { name: 'Creating account…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);
    pending.reject(
      Object.assign(new Error('Password did not conform with policy'), { name: 'InvalidPasswordException' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This password does not meet the requirements');
    expect(alert.textContent).not.toContain('did not conform');
    expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a sign-in of an unconfirmed account shows the code step', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const { user } = renderAuth();
    await user.click(screen.getByRole('tab', { name: 'Sign in' }));
    await user.type(screen.getByLabelText('Email'), 'late@shop.nl');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeTruthy();
    expect(screen.getByTestId('confirm-email').textContent).toContain('late@shop.nl');
    expect(screen.getByTestId('confirm-email').textContent).toContain('not confirmed yet');

    // The code confirms the address and signs in with the password just typed: no second time.
    amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    amplify.signIn.mockImplementation(async () => signedInAs('late@shop.nl'));
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(amplify.signIn).toHaveBeenLastCalledWith({
      username: 'late@shop.nl',
      password: 'Secret1!',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
  });

  it('after sign-in the user lands on the localized dashboard', async () => {
    amplify.signIn.mockImplementation(async () => {
      amplify.getCurrentUser.mockResolvedValue({ userId: 'u1', username: 'u1', signInDetails: { loginId: 'a@b.co' } });
      amplify.fetchAuthSession.mockResolvedValue(sessionWithEmail('a@b.co'));
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    const { user, router } = renderAuth('/nl/auth');
    await user.click(screen.getByRole('tab', { name: 'Inloggen' }));
    const form = screen.getByRole('form', { name: 'Welkom terug' });
    await user.type(within(form).getByLabelText('E-mailadres'), 'a@b.co');
    await user.type(within(form).getByLabelText('Wachtwoord'), 'Secret1!');
    await user.click(within(form).getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('heading', { name: 'Dutch dashboard page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nl/dashboard');
    expect(await screen.findByText('Fijn dat je er weer bent!')).toBeTruthy();
    expect(amplify.signIn).toHaveBeenCalledWith(
      expect.objectContaining({ options: { authFlowType: 'USER_SRP_AUTH' } }),
    );
  });

  it('asks for the authenticator code when two-factor authentication is on, then signs in', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    amplify.confirmSignIn.mockImplementation(async () => {
      amplify.getCurrentUser.mockResolvedValue({ userId: 'u1', username: 'u1', signInDetails: { loginId: 'a@b.co' } });
      amplify.fetchAuthSession.mockResolvedValue(sessionWithEmail('a@b.co'));
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    const { user, router } = renderAuth('/auth?tab=signin');
    const form = screen.getByRole('form', { name: 'Welcome back' });
    await user.type(within(form).getByLabelText('Email'), 'a@b.co');
    await user.type(within(form).getByLabelText('Password'), 'Secret1!');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    await user.type(screen.getByLabelText('Authentication code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Authentication code'), '6');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows a wrong authenticator code in Dutch and stays on the code step', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    amplify.confirmSignIn.mockRejectedValue(
      Object.assign(new Error('Invalid code received for user'), { name: 'CodeMismatchException' }),
    );
    const { user } = renderAuth('/nl/auth?tab=signin');
    const form = screen.getByRole('form', { name: 'Welkom terug' });
    await user.type(within(form).getByLabelText('E-mailadres'), 'a@b.co');
    await user.type(within(form).getByLabelText('Wachtwoord'), 'Secret1!');
    await user.click(within(form).getByRole('button', { name: 'Inloggen' }));
    await user.type(await screen.findByLabelText('Verificatiecode'), '000000');
    await user.click(screen.getByRole('button', { name: 'Controleren en inloggen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deze code klopt niet');
    expect(screen.queryByText(/Invalid code received/)).toBeNull();
  });

  it('"Forgot password?" mails a code, sets the new password and returns to sign-in with the address', async () => {
    amplify.resetPassword.mockResolvedValue({ nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' } });
    amplify.confirmResetPassword.mockResolvedValue(undefined);
    const { user } = renderAuth('/auth?tab=signin');
    const form = screen.getByRole('form', { name: 'Welcome back' });
    await user.type(within(form).getByLabelText('Email'), 'a@b.co');
    await user.click(within(form).getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'a@b.co' });
    await user.type(await screen.findByLabelText('Reset code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'N3w-password!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(amplify.confirmResetPassword).toHaveBeenCalledWith({
        username: 'a@b.co',
        confirmationCode: '654321',
        newPassword: 'N3w-password!',
      }),
    );
    const signIn = await screen.findByRole('form', { name: 'Welcome back' });
    expect((within(signIn).getByLabelText('Email') as HTMLInputElement).value).toBe('a@b.co');
  });

  it('a visitor who is already signed in goes to the dashboard', async () => {
    const { router } = renderAuth('/auth', { userId: 'u1', email: 'a@b.co' });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
