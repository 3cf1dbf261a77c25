import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithApp } from '@testing/render';
import { SignInForm } from './sign-in-form';

const amplify = vi.hoisted(() => ({ signIn: vi.fn(), confirmSignIn: vi.fn(), resetPassword: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('@/lib/amplify', () => ({ authFlowType: () => 'USER_PASSWORD_AUTH' }));

function setup(defaultEmail = '', path = '/auth') {
  const onSignedIn = vi.fn(async () => {});
  const onNeedsConfirmation = vi.fn();
  const onNeedsTotp = vi.fn();
  const onForgotPassword = vi.fn();
  renderWithApp(
    <SignInForm
      defaultEmail={defaultEmail}
      onSignedIn={onSignedIn}
      onNeedsConfirmation={onNeedsConfirmation}
      onNeedsTotp={onNeedsTotp}
      onForgotPassword={onForgotPassword}
    />,
    { path },
  );
  return { onSignedIn, onNeedsConfirmation, onNeedsTotp, onForgotPassword, user: userEvent.setup() };
}

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  email = 'owner@shop.nl',
  password = 'Secret1!',
  labels = { email: 'Email', password: 'Password', submit: 'Sign in' },
) {
  await user.clear(screen.getByLabelText(labels.email));
  await user.type(screen.getByLabelText(labels.email), email);
  await user.type(screen.getByLabelText(labels.password), password);
  await user.click(screen.getByRole('button', { name: labels.submit }));
}

const dutch = { email: 'E-mailadres', password: 'Wachtwoord', submit: 'Inloggen' };

const serviceError = (name: string, message: string) => Object.assign(new Error(message), { name });

// Block body: a function returned from beforeEach is run as a teardown.
beforeEach(() => {
  amplify.signIn.mockReset();
});

describe('SignInForm', () => {
  it('signs in with the configured flow and reports success', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { user, onSignedIn } = setup();
    await fillAndSubmit(user);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'owner@shop.nl',
      password: 'Secret1!',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it.each([
    ['Cognito', 'NotAuthorizedException', 'Incorrect username or password.'],
    ['cognito-local', 'InvalidPasswordException', 'Invalid password'],
    ['Cognito without hidden user existence', 'UserNotFoundException', 'User does not exist.'],
  ])('shows a wrong password (%s) in the page language, never the service text', async (_, name, message) => {
    amplify.signIn.mockRejectedValue(serviceError(name, message));
    const { user, onSignedIn } = setup('', '/nl/auth');
    await fillAndSubmit(user, 'owner@shop.nl', 'Secret1!', dutch);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Onjuist e-mailadres of wachtwoord');
    expect(alert.textContent).not.toContain(message);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says when an account is locked after too many attempts', async () => {
    amplify.signIn.mockRejectedValue(serviceError('NotAuthorizedException', 'Password attempts exceeded'));
    const { user } = setup();
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts');
  });

  it("shows 'An unexpected error occurred' for a failure nobody anticipated", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    amplify.signIn.mockRejectedValue('boom');
    const { user } = setup();
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('An unexpected error occurred');
    expect(log).toHaveBeenCalled();
  });

  it('says so when the service cannot be reached', async () => {
    amplify.signIn.mockRejectedValue(serviceError('NetworkError', 'A network error has occurred.'));
    const { user } = setup();
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toContain('No connection');
  });

  it('clears the previous error as soon as the user edits a field', async () => {
    amplify.signIn.mockRejectedValue(serviceError('NotAuthorizedException', 'Incorrect username or password.'));
    const { user } = setup();
    await fillAndSubmit(user);
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disables the inputs and the button while submitting', async () => {
    const pending = deferred<unknown>();
    amplify.signIn.mockReturnValue(pending.promise);
    const { user } = setup();
    await fillAndSubmit(user);
    const busyButton = await screen.findByRole('button', { name: 'Signing in…' });
    expect((busyButton as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);
    pending.resolve({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const idle = await screen.findByRole('button', { name: 'Sign in' });
    expect((idle as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(false);
  });

  it('asks for the confirmation code when the account is not confirmed', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const { user, onNeedsConfirmation, onSignedIn } = setup();
    await fillAndSubmit(user);
    await waitFor(() => expect(onNeedsConfirmation).toHaveBeenCalledWith('owner@shop.nl', 'Secret1!'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('also asks for the code when the service reports the account as unconfirmed', async () => {
    amplify.signIn.mockRejectedValue(serviceError('UserNotConfirmedException', 'User is not confirmed.'));
    const { user, onNeedsConfirmation } = setup();
    await fillAndSubmit(user);
    await waitFor(() => expect(onNeedsConfirmation).toHaveBeenCalledWith('owner@shop.nl', 'Secret1!'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the authenticator code when two-factor authentication is on', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    const { user, onNeedsTotp, onSignedIn } = setup();
    await fillAndSubmit(user);
    await waitFor(() => expect(onNeedsTotp).toHaveBeenCalledWith('owner@shop.nl', 'Secret1!'));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers "Forgot password?" with the address typed so far', async () => {
    const { user, onForgotPassword } = setup();
    await user.type(screen.getByLabelText('Email'), ' owner@shop.nl ');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgotPassword).toHaveBeenCalledWith('owner@shop.nl');
  });

  it('explains a password that must be reset', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } });
    const { user } = setup();
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toContain('You need to set a new password');
  });

  it('validates before calling the service, with translated messages, and needs only a non-empty password', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    expect(amplify.signIn).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    // An old password that predates the policy still signs in: no checklist, no policy check here.
    expect(screen.queryByTestId('password-checklist')).toBeNull();
    await fillAndSubmit(user, 'owner@shop.nl', 'short');
    await waitFor(() => expect(amplify.signIn).toHaveBeenCalledOnce());
  });

  it('prefills the e-mail handed over from another step and puts the focus on the password', async () => {
    setup('new@shop.nl');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@shop.nl');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it('marks the fields as required e-mail and password inputs', () => {
    setup();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(password.type).toBe('password');
    expect(password.required).toBe(true);
    expect(password.autocomplete).toBe('current-password');
  });
});
