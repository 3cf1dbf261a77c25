import { useCallback, useEffect, useRef } from 'react';
import { type TFunction } from 'i18next';
import { type FieldValues, type Path, type UseFormProps, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

/** Where a refused sensitive action's reason belongs: at a field of its form, or above the buttons. */
export interface ProofError {
  field?: 'password' | 'code' | 'email';
  message: string;
}

/**
 * The API's refusal of a password- or code-proven action as the form shows it: a wrong password or code at its
 * field, an address in use at the address, anything else (too many attempts, the network) for the whole form.
 */
export function proofErrorOf(error: unknown, t: TFunction<['security', 'errors']>): ProofError {
  if (!(error instanceof ApiError)) return { message: t('errors:unexpected') };
  switch (error.code) {
    case 'INCORRECT_PASSWORD':
      return { field: 'password', message: t('errors:api.INCORRECT_PASSWORD') };
    case 'INCORRECT_CODE':
      return { field: 'code', message: t('errors:api.INCORRECT_CODE') };
    case 'CONFLICT':
      return { field: 'email', message: t('security:validation.emailTaken') };
    case 'VALIDATION_FAILED':
      if (error.fields?.newEmail) return { field: 'email', message: t('security:validation.emailSame') };
      return { message: t('errors:api.VALIDATION_FAILED') };
    default:
      return { message: t(`errors:api.${error.code}`) };
  }
}

/**
 * Focuses a refused field once the form is enabled again: its inputs are disabled while the request runs, and a
 * disabled input cannot take the focus, so the field is focused after, not when the error is set.
 */
function useFocusAfterSubmit<F extends string>(isSubmitting: boolean, setFocus: (field: F) => void) {
  const pending = useRef<F | undefined>(undefined);
  useEffect(() => {
    if (isSubmitting || !pending.current) return;
    setFocus(pending.current);
    pending.current = undefined;
  }, [isSubmitting, setFocus]);
  return useCallback((field: F) => {
    pending.current = field;
  }, []);
}

/**
 * Shows a refused proof where it belongs: at the form's own field among `fields` (focused once the form is enabled
 * again), else above the buttons (`root`).
 */
function showProofError<F extends NonNullable<ProofError['field']>>(
  caught: unknown,
  t: TFunction<['security', 'errors']>,
  fields: readonly F[],
  setError: (name: F | 'root', error: { message: string }) => void,
  focusAfterSubmit: (field: F) => void,
): void {
  const { field, message } = proofErrorOf(caught, t);
  const own = fields.find((name) => name === field);
  if (own) {
    setError(own, { message });
    focusAfterSubmit(own);
  } else setError('root', { message });
}

/**
 * The form of an action proven by the password or a code: react-hook-form with `options`, plus `showError`, which shows
 * a refusal at the form's own field among `fields` (focused once the form is enabled again) or above the buttons.
 */
export function useProofForm<T extends FieldValues>(options: UseFormProps<T>) {
  const { t } = useTranslation(['security', 'errors']);
  const form = useForm<T>(options);
  const focusAfterSubmit = useFocusAfterSubmit(form.formState.isSubmitting, form.setFocus);
  const showError = <F extends NonNullable<ProofError['field']> & Path<T>>(caught: unknown, fields: readonly F[]) =>
    showProofError(caught, t, fields, form.setError, focusAfterSubmit);
  return { ...form, focusAfterSubmit, showError };
}
