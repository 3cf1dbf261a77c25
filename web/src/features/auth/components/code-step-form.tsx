import { zodResolver } from '@hookform/resolvers/zod';
import { type LucideIcon } from 'lucide-react';
import { type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { type AuthFlow } from '@/lib/auth-errors';
import { AuthForm } from './auth-form';
import { AuthStepHeading } from './auth-step-heading';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { type AuthErrorState } from './use-auth-error';

interface CodeStepFormProps {
  /** Prefix of the step's ids: the heading (`${id}-title`, which labels the form) and the code field (`${id}-code`). */
  id: string;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** The code's rule; an e-mailed code and an authenticator app's code explain a wrong one differently. */
  schema: z.ZodType<{ code: string }, { code: string }>;
  /** Checks the code with Cognito; a failure it throws is shown as `flow`'s error in the step's alert. */
  onCode: (code: string) => Promise<void>;
  flow: AuthFlow;
  error: AuthErrorState;
  /** A way out shown with the error (sign in instead, sign in again). */
  errorAction?: { label: string; onClick: () => void };
  codeLabel: string;
  codeHelp: string;
  /** Further attributes of the code input. */
  codeInput?: { pattern?: string; required?: boolean };
  submitLabel: string;
  busyLabel: string;
  /** Something else the step is doing (sending a new code) also holds the code field. */
  busy?: boolean;
  /** The step's other buttons, under the submit button; told whether the code is being checked. */
  children: (submitting: boolean) => ReactNode;
}

/**
 * A sign-in step that asks for one 6-digit code (the e-mailed code that confirms an address, the authenticator
 * app's code): its heading, the error alert, the code field and the submit button, in one place so every such
 * step looks and behaves alike.
 */
export function CodeStepForm({
  id,
  icon,
  title,
  description,
  schema,
  onCode,
  flow,
  error,
  errorAction,
  codeLabel,
  codeHelp,
  codeInput,
  submitLabel,
  busyLabel,
  busy = false,
  children,
}: CodeStepFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  const submit = async ({ code }: { code: string }) => {
    error.clear();
    try {
      await onCode(code);
    } catch (caught) {
      error.report(caught, flow);
    }
  };

  return (
    <AuthForm onSubmit={handleSubmit(submit)} onEdit={error.clear} aria-labelledby={`${id}-title`}>
      <AuthStepHeading icon={icon} id={`${id}-title`} title={title} description={description} />
      <FormError error={error.key} action={errorAction} />
      <OneTimeCodeField
        appearance="prominent"
        id={`${id}-code`}
        label={codeLabel}
        help={codeHelp}
        error={errors.code?.message}
        {...codeInput}
        autoFocus
        disabled={isSubmitting || busy}
        {...register('code')}
      />
      <SubmitButton busy={isSubmitting} label={submitLabel} busyLabel={busyLabel} />
      {children(isSubmitting)}
    </AuthForm>
  );
}
