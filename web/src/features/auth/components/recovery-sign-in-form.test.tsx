import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { RecoverySignInForm } from './recovery-sign-in-form';

const amplify = vi.hoisted(() => ({ signIn: vi.fn(), fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('@/lib/amplify', () => ({ authFlowType: () => 'USER_PASSWORD_AUTH' }));

const refusal = (code: string) => HttpResponse.json({ error: { code, message: code } }, { status: 403 });

function setup(path = '/auth') {
  const onSignedIn = vi.fn(async () => {});
  const onBack = vi.fn();
  renderWithApp(
    <RecoverySignInForm email="owner@shop.nl" password="Secret1!" onSignedIn={onSignedIn} onBack={onBack} />,
    { path },
  );
  return { onSignedIn, onBack, user: userEvent.setup() };
}

beforeEach(() => {
  amplify.signIn.mockReset();
  amplify.fetchAuthSession.mockResolvedValue({});
});

describe('RecoverySignInForm', () => {
  it('has the API check the code, then signs in with the password alone', async () => {
    serveApi(apiHandler('recover-sign-in', () => HttpResponse.json({ twoFactor: false })));
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { user, onSignedIn } = setup();
    await user.type(screen.getByLabelText('Recovery code'), 'K7M2P-X9QRT');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(apiCalls().map((c) => c.body)).toEqual([
      { email: 'owner@shop.nl', password: 'Secret1!', recoveryCode: 'K7M2P-X9QRT' },
    ]);
    expect(amplify.signIn).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'owner@shop.nl', password: 'Secret1!' }),
    );
  });

  it('says (in Dutch) when a code does not work, and signs nobody in', async () => {
    serveApi(apiHandler('recover-sign-in', () => refusal('INCORRECT_CODE')));
    const { user, onSignedIn } = setup('/nl/auth');
    await user.type(screen.getByLabelText('Herstelcode'), 'k7m2p-x9qrt');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect((await screen.findByTestId('auth-error')).textContent).toContain('Deze herstelcode werkt niet');
    expect(amplify.signIn).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('checks the code’s form before asking the API, and goes back to the app’s code', async () => {
    const { user, onBack } = setup();
    await user.type(screen.getByLabelText('Recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a recovery code, like k7m2p-x9qrt')).toBeTruthy();
    expect(apiCalls()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Use a code from my app' }));
    expect(onBack).toHaveBeenCalled();
  });
});
