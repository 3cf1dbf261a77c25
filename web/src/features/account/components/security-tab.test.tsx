import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { SecurityTab } from './security-tab';

// Everything the tab changes goes through the API; Amplify only refreshes the session and resets the password (by
// code, no token needed). The account's own Cognito calls are not even mocked: calling one fails the test.
const amplify = vi.hoisted(() => ({
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const session = { userId: 'user-1', email: 'owner@shop.nl' };
const json = (status: number, body: unknown) => HttpResponse.json(body as object, { status });
const refusal = (status: number, code: string) => json(status, { error: { code, message: code } });
const serviceError = (name: string, message: string) => Object.assign(new Error(message), { name });
const recoveryCodes = ['k7m2p-x9qrt', 'abcde-fghjk', '23456-789ab'];
/** The recovery codes' routes: ten… well, three codes, and how many are left. */
const recoveryApi = (remaining = 10) => [
  apiHandler('get-recovery-codes', () => json(200, { remaining, createdAt: '2026-11-26T11:00:00.000Z' })),
  apiHandler('create-recovery-codes', () => json(200, { codes: recoveryCodes })),
];
const callsOf = (route: string) => apiCalls().filter((call) => call.route === route);
/** Whether two-step verification is on, as the API answers it. */
const twoFactorIs = (enabled: boolean) => apiHandler('get-two-factor', () => json(200, { enabled }));
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** Set-up's first step: the recovery codes and the secret, once the password is right. */
const startTwoFactor = apiHandler('start-two-factor', async ({ request }) => {
  const { password } = (await request.json()) as { password: string };
  return password === 'Sup3r-secret!'
    ? json(200, { secret, codes: recoveryCodes })
    : refusal(403, 'INCORRECT_PASSWORD');
});

function setup(path = '/account?tab=security') {
  renderWithApp(<SecurityTab />, { path, routePath: path.split('?')[0], session });
  return userEvent.setup();
}

beforeEach(() => {
  for (const fn of Object.values(amplify)) fn.mockReset();
  serveApi(twoFactorIs(false));
  amplify.fetchAuthSession.mockResolvedValue({});
  amplify.getCurrentUser.mockResolvedValue({ userId: 'user-1', signInDetails: { loginId: 'owner@shop.nl' } });
});

describe('SecurityTab: e-mail change', () => {
  it('keeps "Update email" disabled while the address is unchanged', async () => {
    const user = setup();
    const button = screen.getByRole('button', { name: 'Update email' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const input = screen.getByLabelText('Email address');
    await user.clear(input);
    await user.type(input, 'OWNER@shop.nl');
    expect(button.disabled).toBe(true);
    await user.clear(input);
    await user.type(input, 'new@shop.nl');
    expect(button.disabled).toBe(false);
  });

  it('starts the change with the password through the API, confirms the code through it too and refreshes the session', async () => {
    serveApi(
      apiHandler('start-email-change', () => json(200, { destination: 'new@shop.nl' })),
      apiHandler('confirm-email-change', async ({ request }) => {
        const { verificationCode } = (await request.json()) as { verificationCode: string };
        return verificationCode === '123456'
          ? json(200, { email: 'new@shop.nl' })
          : json(403, { error: { code: 'INCORRECT_CODE', message: 'x', fields: { verificationCode: 'x' } } });
      }),
    );
    const user = setup();
    const input = screen.getByLabelText('Email address');
    await user.clear(input);
    await user.type(input, 'new@shop.nl');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    // Without the password nothing is sent.
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(apiCalls().filter((c) => c.route !== 'get-two-factor')).toEqual([]);
    await user.type(screen.getByLabelText('Current password'), 'Sup3r-secret!');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    const description = await screen.findByTestId('email-code-description');
    expect(callsOf('start-email-change').map((c) => c.body)).toEqual([
      { password: 'Sup3r-secret!', newEmail: 'new@shop.nl' },
    ]);
    expect(description.textContent).toContain('new@shop.nl');
    expect(description.textContent).toContain('owner@shop.nl');

    // A wrong code is shown at the code; the password typed before goes with each confirmation.
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText(/The code is not correct or was used already/)).toBeTruthy();
    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('Email updated')).toBeTruthy();
    expect(callsOf('confirm-email-change').map((c) => c.body)).toEqual([
      { password: 'Sup3r-secret!', verificationCode: '000000' },
      { password: 'Sup3r-secret!', verificationCode: '123456' },
    ]);
    expect(amplify.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });

  it('with two-step verification on, confirms the new address with a current code of the app as well', async () => {
    serveApi(
      twoFactorIs(true),
      ...recoveryApi(),
      apiHandler('start-email-change', () => json(200, { destination: 'new@shop.nl' })),
      apiHandler('confirm-email-change', () => json(200, { email: 'new@shop.nl' })),
    );
    const user = setup();
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('On'));
    await user.clear(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Email address'), 'new@shop.nl');
    await user.type(screen.getByLabelText('Current password'), 'Sup3r-secret!');
    await user.type(screen.getByLabelText('Code from your authenticator app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(callsOf('confirm-email-change')).toEqual([]);
    await user.type(screen.getByLabelText('Code from your app'), '222222');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('Email updated')).toBeTruthy();
    expect(callsOf('confirm-email-change').map((c) => c.body)).toEqual([
      { password: 'Sup3r-secret!', verificationCode: '123456', code: '222222' },
    ]);
  });

  it('shows a wrong password at the password field, focused, and stays on the form', async () => {
    serveApi(apiHandler('start-email-change', () => refusal(403, 'INCORRECT_PASSWORD')));
    const user = setup();
    const input = screen.getByLabelText('Email address');
    await user.clear(input);
    await user.type(input, 'new@shop.nl');
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    expect(await screen.findByText('The password is not correct.')).toBeTruthy();
    const password = screen.getByLabelText('Current password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.queryByTestId('email-code-description')).toBeNull();
  });

  it('says in Dutch, at the address, that another account uses it', async () => {
    serveApi(apiHandler('start-email-change', () => refusal(409, 'CONFLICT')));
    const user = setup('/nl/account?tab=security');
    const input = screen.getByLabelText('E-mailadres');
    await user.clear(input);
    await user.type(input, 'taken@shop.nl');
    await user.type(screen.getByLabelText('Huidig wachtwoord'), 'Sup3r-secret!');
    await user.click(screen.getByRole('button', { name: 'E-mailadres wijzigen' }));
    expect(await screen.findByText('Een ander account gebruikt dit e-mailadres al')).toBeTruthy();
    expect(screen.getByLabelText('E-mailadres').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('SecurityTab: password reset', () => {
  it('sends a reset code and sets the new password with it', async () => {
    amplify.resetPassword.mockResolvedValue({ nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' } });
    amplify.confirmResetPassword.mockResolvedValue(undefined);
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'owner@shop.nl' });
    await user.type(await screen.findByLabelText('Reset code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'N3w-password!');
    expect(screen.getByTestId('password-checklist')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(amplify.confirmResetPassword).toHaveBeenCalledWith({
        username: 'owner@shop.nl',
        confirmationCode: '654321',
        newPassword: 'N3w-password!',
      }),
    );
    expect(await screen.findByText('Password changed')).toBeTruthy();
  });

  it("shows 'Failed to send password reset.' when the code cannot be sent", async () => {
    amplify.resetPassword.mockRejectedValue(serviceError('LimitExceededException', 'Attempt limit exceeded'));
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Failed to send password reset.')).toBeTruthy();
    expect(await screen.findByText(/Too many attempts/)).toBeTruthy();
  });

  it('refuses a new password that breaks the policy without calling the service', async () => {
    amplify.resetPassword.mockResolvedValue({ nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' } });
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await user.type(await screen.findByLabelText('Reset code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Choose a password that meets every requirement below')).toBeTruthy();
    expect(amplify.confirmResetPassword).not.toHaveBeenCalled();
  });
});

describe('SecurityTab: two-factor authentication', () => {
  it('sets up TOTP through the API: the password first (codes and secret), then the QR code and the first code', async () => {
    serveApi(
      ...recoveryApi(),
      startTwoFactor,
      apiHandler('confirm-two-factor', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        return code === '123456' ? json(200, { enabled: true }) : refusal(403, 'INCORRECT_CODE');
      }),
    );
    const user = setup();
    expect((await screen.findByTestId('totp-status')).textContent).toBe('Off');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    // The password first: it proves the account for the recovery codes and the secret.
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(callsOf('start-two-factor')).toEqual([]);
    await user.type(screen.getByLabelText('Password'), 'Sup3r-secret!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const qr = (await screen.findByRole('img', { name: /QR code/ })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // A wrong code is shown at the code and leaves it off.
    await user.type(screen.getByLabelText('Code from your app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/The code is not correct or was used already/)).toBeTruthy();
    expect(screen.getByTestId('totp-status').textContent).toBe('Off');
    await user.clear(screen.getByLabelText('Code from your app'));
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('On'));
    expect(callsOf('start-two-factor').map((c) => c.body)).toEqual([{ password: 'Sup3r-secret!' }]);
    expect(callsOf('confirm-two-factor').map((c) => c.body)).toEqual([
      { password: 'Sup3r-secret!', code: '000000' },
      { password: 'Sup3r-secret!', code: '123456' },
    ]);
    // The codes, shown this once, until the owner says they are saved.
    expect(screen.getByTestId('recovery-codes').textContent).toBe(recoveryCodes.join(''));
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect((await screen.findByTestId('recovery-remaining')).textContent).toBe('10 unused codes left.');
  });

  it('shows a wrong password at its field and sets nothing up', async () => {
    serveApi(startTwoFactor);
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    await user.type(await screen.findByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The password is not correct.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(callsOf('confirm-two-factor')).toEqual([]);
  });

  it('makes a new set of recovery codes with the password and a code, and shows it once', async () => {
    serveApi(twoFactorIs(true));
    serveApi(...recoveryApi(1));
    const user = setup();
    expect((await screen.findByTestId('recovery-remaining')).textContent).toBe('1 unused code left.');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    await user.type(screen.getByLabelText('Password'), 'Sup3r-secret!');
    await user.type(screen.getByLabelText('Code from your authenticator app', { selector: '#recovery-new-code' }), '1');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByText('Enter the 6-digit code from your app or a recovery code')).toBeTruthy();
    await user.type(
      screen.getByLabelText('Code from your authenticator app', { selector: '#recovery-new-code' }),
      '23456',
    );
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect((await screen.findByTestId('recovery-codes')).textContent).toBe(recoveryCodes.join(''));
    expect(callsOf('create-recovery-codes').map((c) => c.body)).toEqual([
      { password: 'Sup3r-secret!', code: '123456' },
    ]);
  });

  it('turns TOTP off only with the password and a current code, checked by the API', async () => {
    serveApi(twoFactorIs(true));
    serveApi(
      ...recoveryApi(),
      apiHandler('disable-two-factor', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        return code === '123456' ? json(200, { enabled: false }) : refusal(403, 'INCORRECT_CODE');
      }),
    );
    const user = setup();
    expect((await screen.findByTestId('totp-status')).textContent).toBe('On');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    // The password field takes the focus; without a code nothing is sent.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
    await user.keyboard('Sup3r-secret!');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Enter the 6-digit code from your app or a recovery code')).toBeTruthy();
    expect(callsOf('disable-two-factor')).toEqual([]);

    await user.type(screen.getByLabelText('Code from your app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(/The code is not correct or was used already/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code from your app')));
    expect(screen.getByTestId('totp-status').textContent).toBe('On');

    await user.clear(screen.getByLabelText('Code from your app'));
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('Off'));
    expect(callsOf('disable-two-factor').map((c) => c.body)).toEqual([
      { password: 'Sup3r-secret!', code: '000000' },
      { password: 'Sup3r-secret!', code: '123456' },
    ]);
  });

  it('shows a wrong password at its field (Dutch) and keeps TOTP on; "Aan laten" goes back', async () => {
    serveApi(twoFactorIs(true));
    serveApi(
      ...recoveryApi(),
      apiHandler('disable-two-factor', () => refusal(403, 'INCORRECT_PASSWORD')),
    );
    const user = setup('/nl/account?tab=security');
    await user.click(await screen.findByRole('button', { name: 'Tweestapsverificatie uitzetten' }));
    await user.type(screen.getByLabelText('Wachtwoord'), 'fout');
    await user.type(screen.getByLabelText('Code uit je app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Uitzetten' }));
    expect(await screen.findByText('Het wachtwoord klopt niet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Aan laten' }));
    expect(screen.getByTestId('totp-status').textContent).toBe('Aan');
  });
});
