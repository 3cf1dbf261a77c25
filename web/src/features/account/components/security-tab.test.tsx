import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { SecurityTab } from './security-tab';

const amplify = vi.hoisted(() => ({
  updateUserAttribute: vi.fn(),
  confirmUserAttribute: vi.fn(),
  sendUserAttributeVerificationCode: vi.fn(),
  fetchAuthSession: vi.fn(),
  fetchUserAttributes: vi.fn(),
  getCurrentUser: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
  fetchMFAPreference: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const session = { userId: 'user-1', email: 'owner@shop.nl' };
const serviceError = (name: string, message: string) => Object.assign(new Error(message), { name });

function setup(path = '/account?tab=security') {
  renderWithApp(<SecurityTab />, { path, routePath: path.split('?')[0], session });
  return userEvent.setup();
}

beforeEach(() => {
  for (const fn of Object.values(amplify)) fn.mockReset();
  amplify.fetchMFAPreference.mockResolvedValue({});
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

  it('sends a code to the new address, confirms it and refreshes the session', async () => {
    amplify.updateUserAttribute.mockResolvedValue({
      isUpdated: false,
      nextStep: { updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE' },
    });
    amplify.confirmUserAttribute.mockResolvedValue(undefined);
    amplify.fetchUserAttributes.mockResolvedValue({ email: 'new@shop.nl' });
    const user = setup();
    const input = screen.getByLabelText('Email address');
    await user.clear(input);
    await user.type(input, 'new@shop.nl');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    expect(amplify.updateUserAttribute).toHaveBeenCalledWith({
      userAttribute: { attributeKey: 'email', value: 'new@shop.nl' },
    });
    const description = await screen.findByTestId('email-code-description');
    expect(description.textContent).toContain('new@shop.nl');
    expect(description.textContent).toContain('owner@shop.nl');

    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    await waitFor(() =>
      expect(amplify.confirmUserAttribute).toHaveBeenCalledWith({
        userAttributeKey: 'email',
        confirmationCode: '123456',
      }),
    );
    expect(amplify.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(await screen.findByText('Email updated')).toBeTruthy();
  });

  it("shows spec 8's toast with the translated reason when the address is taken (Dutch)", async () => {
    amplify.updateUserAttribute.mockRejectedValue(
      serviceError('AliasExistsException', 'An account with the given email already exists.'),
    );
    const user = setup('/nl/account?tab=security');
    const input = screen.getByLabelText('E-mailadres');
    await user.clear(input);
    await user.type(input, 'taken@shop.nl');
    await user.click(screen.getByRole('button', { name: 'E-mailadres wijzigen' }));
    expect(await screen.findByText('E-mailadres wijzigen mislukt.')).toBeTruthy();
    expect(await screen.findByText(/Er bestaat al een account met dit e-mailadres/)).toBeTruthy();
    expect(screen.queryByText(/given email already exists/)).toBeNull();
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
  it('sets up TOTP with a QR code and the key, confirms a code and prefers TOTP', async () => {
    amplify.setUpTOTP.mockResolvedValue({
      sharedSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      getSetupUri: (issuer: string, account: string) =>
        new URL(`otpauth://totp/${issuer}:${account}?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=${issuer}`),
    });
    amplify.verifyTOTPSetup.mockResolvedValue(undefined);
    amplify.updateMFAPreference.mockResolvedValue(undefined);
    const user = setup();
    expect((await screen.findByTestId('totp-status')).textContent).toBe('Off');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    const qr = (await screen.findByRole('img', { name: /QR code/ })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' }));
    expect(amplify.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('On'));
  });

  it('says a wrong code is wrong and leaves TOTP off', async () => {
    amplify.setUpTOTP.mockResolvedValue({
      sharedSecret: 'JBSWY3DPEHPK3PXP',
      getSetupUri: () => new URL('otpauth://totp/ReviewRoute:owner@shop.nl?secret=JBSWY3DPEHPK3PXP'),
    });
    amplify.verifyTOTPSetup.mockRejectedValue(serviceError('EnableSoftwareTokenMFAException', 'Code mismatch'));
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    await user.type(await screen.findByLabelText('Code from your app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Failed to update two-factor authentication.')).toBeTruthy();
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();
  });

  it('shows TOTP as on and turns it off', async () => {
    amplify.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    amplify.updateMFAPreference.mockResolvedValue(undefined);
    const user = setup();
    expect((await screen.findByTestId('totp-status')).textContent).toBe('On');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    await waitFor(() => expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' }));
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('Off'));
  });
});
