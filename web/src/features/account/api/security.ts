import { useMutation } from '@tanstack/react-query';
import type { EmailChangeStartInput, RecoveryCodesCreateInput, TwoFactorDisableInput } from '@reviewroute/shared';
import { call } from '@/lib/api-client';

/** Turns two-step verification off: the API checks the password and the code with Cognito first. */
export const useDisableTwoFactor = () =>
  useMutation({ mutationFn: (body: TwoFactorDisableInput) => call('disable-two-factor', { body }) });

/** Starts an e-mail change once the API has checked the password; Cognito mails the code to the new address. */
export const useStartEmailChange = () =>
  useMutation({ mutationFn: (body: EmailChangeStartInput) => call('start-email-change', { body }) });

/** A new set of recovery codes (answered once): the API checks the password, and with two-step verification on a code. */
export const useCreateRecoveryCodes = () =>
  useMutation({ mutationFn: (body: RecoveryCodesCreateInput) => call('create-recovery-codes', { body }) });
