import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithApp } from '@/testing/render';
import { AuthPage } from './auth-page';

const amplify = vi.hoisted(() => ({
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  signIn: vi.fn(),
  getCurrentUser: vi.fn(),
  fetchUserAttributes: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);
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
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByTestId('language-switcher').textContent).toContain('English');
    expect(screen.getByText(/At least 8 characters/)).toBeTruthy();
  });

  it('localizes the page and its links under /nl', () => {
    renderAuth('/nl/auth');
    expect(screen.getByRole('tab', { name: 'Registreren' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'algemene voorwaarden' }).getAttribute('href')).toBe('/nl/voorwaarden');
    expect(screen.getByRole('link', { name: 'privacybeleid' }).getAttribute('href')).toBe('/nl/privacy');
  });

  it('sign-up -> code step -> confirmed -> sign-in tab with the e-mail filled in', async () => {
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
      options: { userAttributes: { email: 'new@shop.nl' } },
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
  });

  it('shows a wrong code as an alert and stays on the code step', async () => {
    amplify.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    amplify.confirmSignUp.mockImplementation(async () => {
      throw Object.assign(new Error('Invalid verification code provided, please try again.'), {
        name: 'CodeMismatchException',
      });
    });
    const { user } = renderAuth();
    await user.type(screen.getByLabelText('Email'), 'new@shop.nl');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid verification code provided');
    expect(screen.getByRole('heading', { name: 'Confirm your email' })).toBeTruthy();
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

  it("shows the service's sign-up error and disables the form while submitting", async () => {
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
    pending.reject(Object.assign(new Error('User already exists'), { name: 'UsernameExistsException' }));
    expect((await screen.findByRole('alert')).textContent).toContain('User already exists');
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
  });

  it('after sign-in the user lands on the localized dashboard', async () => {
    amplify.signIn.mockImplementation(async () => {
      amplify.getCurrentUser.mockResolvedValue({ userId: 'u1', username: 'u1', signInDetails: { loginId: 'a@b.co' } });
      amplify.fetchUserAttributes.mockResolvedValue({ email: 'a@b.co' });
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
    expect(amplify.signIn).toHaveBeenCalledWith(
      expect.objectContaining({ options: { authFlowType: 'USER_SRP_AUTH' } }),
    );
  });

  it('a visitor who is already signed in goes to the dashboard', async () => {
    const { router } = renderAuth('/auth', { userId: 'u1', email: 'a@b.co' });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
