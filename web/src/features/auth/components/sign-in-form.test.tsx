import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithApp } from '@/testing/render';
import { SignInForm } from './sign-in-form';

const amplify = vi.hoisted(() => ({ signIn: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('@/lib/amplify', () => ({ authFlowType: () => 'USER_PASSWORD_AUTH' }));

function setup(defaultEmail = '') {
  const onSignedIn = vi.fn(async () => {});
  const onNeedsConfirmation = vi.fn();
  renderWithApp(
    <SignInForm defaultEmail={defaultEmail} onSignedIn={onSignedIn} onNeedsConfirmation={onNeedsConfirmation} />,
    { path: '/auth' },
  );
  return { onSignedIn, onNeedsConfirmation, user: userEvent.setup() };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email = 'owner@shop.nl', password = 'Secret1!') {
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

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

  it("shows the auth service's message in an alert", async () => {
    amplify.signIn.mockImplementation(async () => {
      throw Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    });
    const { user, onSignedIn } = setup();
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Incorrect username or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows 'An unexpected error occurred' when the failure has no service message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    amplify.signIn.mockImplementation(async () => {
      throw 'boom';
    });
    const { user } = setup();
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toContain('An unexpected error occurred');
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
    await waitFor(() => expect(onNeedsConfirmation).toHaveBeenCalledWith('owner@shop.nl'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('validates before calling the service, with translated messages', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    expect(amplify.signIn).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('prefills the e-mail handed over from the confirmation step', () => {
    setup('new@shop.nl');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@shop.nl');
  });

  it('marks the fields as required e-mail and password inputs', () => {
    setup();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(password.type).toBe('password');
    expect(password.required).toBe(true);
  });
});
