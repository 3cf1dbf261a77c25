import { useMutation } from '@tanstack/react-query';
import type {
  EmailChangeConfirmInput,
  EmailChangeStartInput,
  RecoveryCodesCreateInput,
  TwoFactorConfirmInput,
  TwoFactorDisableInput,
  TwoFactorStartInput,
} from '@reviewroute/shared';
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

/** Whether two-step verification is on (the API asks Cognito; the browser's token may not). */
export const fetchTwoFactor = () => call('get-two-factor');

/** The authenticator secret of a new set-up, once the API has checked the password. */
export const useStartTwoFactor = () =>
  useMutation({ mutationFn: (body: TwoFactorStartInput) => call('start-two-factor', { body }) });

/** The app's first code with the password: the API verifies it with Cognito and turns two-step verification on. */
export const useConfirmTwoFactor = () =>
  useMutation({ mutationFn: (body: TwoFactorConfirmInput) => call('confirm-two-factor', { body }) });

/** Confirms the new address with the mailed code; the API checks the password (and a current code) first. */
export const useConfirmEmailChange = () =>
  useMutation({ mutationFn: (body: EmailChangeConfirmInput) => call('confirm-email-change', { body }) });
