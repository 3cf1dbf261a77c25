import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import {
  type ContactForm as ContactValues,
  type ContactFormInput,
  contactFormLimits,
  contactFormSchema,
  contactMessageKeyOf,
  minContactElapsedMs,
} from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useHydrated } from '@/hooks/use-hydrated';
import { ApiError } from '@/lib/api-client';
import { useLanguage, useLocalizedPath } from '@/lib/use-language';
import { useSendContactMessage } from '../api/send-contact-message';
import { startContactForm } from '../api/start-contact-form';

type FieldName = keyof ContactFormInput;
const fieldNames: FieldName[] = ['firstName', 'lastName', 'email', 'company', 'subject', 'message'];

const emptyForm: ContactFormInput = { firstName: '', lastName: '', email: '', company: '', subject: '', message: '' };
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A form token older than this is fetched again before the send (the API accepts one for 12 hours). */
const contactTokenRefreshMs = 11 * 60 * 60 * 1000;

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  optional?: boolean;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode;
}

/** A label, its control and the control's inline error, tied together for assistive technology. */
function Field({ id, label, error, optional = false, children }: FieldProps) {
  const { t } = useTranslation('marketing');
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}{' '}
        {optional ? (
          <span className="text-muted-foreground font-normal">({t('contact.form.optional')})</span>
        ) : (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {children({ id, ...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}) })}
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The contact form (spec 2 "Contact page", 5, 8): the shared schema checks the fields as react-hook-form
 * validates them and again in the API; errors show inline beside each field; the spec's toasts report the
 * outcome. A hidden honeypot, the time since the form appeared and the API's form token (fetched as the form
 * appears; the API measures the fill time from it) travel with the message for the API's bot checks; a very
 * quick person waits out the minimum instead of being refused.
 */
export function ContactForm() {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const to = useLocalizedPath();
  const ids = useId();
  const send = useSendContactMessage();
  const hydrated = useHydrated();
  const honeypot = useRef<HTMLInputElement>(null);
  // When the form appeared (a state initialiser may be impure; a ref may not be read while rendering).
  const [shownAt] = useState(() => Date.now());
  /** The API's token for this form and when it arrived (the API counts the fill time from about then). */
  const formToken = useRef<Promise<{ formToken: string; receivedAt: number }> | undefined>(undefined);
  const fetchToken = () => {
    const pending = startContactForm().then(({ formToken: token }) => ({ formToken: token, receivedAt: Date.now() }));
    // A failed fetch is fetched again by the send.
    pending.catch(() => {
      if (formToken.current === pending) formToken.current = undefined;
    });
    formToken.current = pending;
    return pending;
  };
  useEffect(() => {
    void fetchToken().catch(() => undefined);
  }, []);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyForm,
  });

  /** The schema's English message of a field in the page's language; "too long" names the limit. */
  const messageOf = (name: keyof typeof contactFormLimits): string | undefined => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    const key = contactMessageKeyOf(message);
    return key ? t(`contact.errors.${key}`, { max: contactFormLimits[name] }) : message;
  };

  const submit = async (values: ContactValues) => {
    try {
      // A token older than the API accepts (a tab left open overnight) is replaced; so is a failed fetch.
      let token = await (formToken.current ?? fetchToken());
      if (Date.now() - token.receivedAt > contactTokenRefreshMs) token = await fetchToken();
      const early = minContactElapsedMs - (Date.now() - Math.max(shownAt, token.receivedAt));
      if (early > 0) await wait(early + 250);
      await send.mutateAsync({
        ...values,
        website: honeypot.current?.value ?? '',
        elapsedMs: Date.now() - shownAt,
        formToken: token.formToken,
        language,
      });
      formToken.current = undefined;
      void fetchToken().catch(() => undefined);
      toast.success(t('contact.toast.successTitle'), { description: t('contact.toast.successDescription') });
      reset(emptyForm);
    } catch (error) {
      // The API's own field messages (the same schema) go where the form's would.
      const fields = error instanceof ApiError ? error.fields : undefined;
      const known = fieldNames.filter((name) => fields?.[name]);
      if (known.length > 0) {
        for (const name of known) setError(name, { message: fields![name] }, { shouldFocus: name === known[0] });
        return;
      }
      toast.error(t('contact.toast.errorTitle'), { description: t('contact.toast.errorDescription') });
    }
  };

  const id = (name: string) => `${ids}-${name}`;
  const inputProps = (name: FieldName): ComponentProps<'input'> => ({
    ...register(name),
    maxLength: contactFormLimits[name],
    disabled: isSubmitting,
  });

  return (
    <form
      noValidate
      // Made per submit, not while rendering: it reads the honeypot ref and the clock.
      onSubmit={(event) => void handleSubmit(submit)(event)}
      aria-labelledby={id('title')}
      className="grid gap-5"
    >
      <h2 id={id('title')} className="text-xl font-semibold">
        {t('contact.form.title')}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('first-name')} label={t('contact.form.firstName')} error={messageOf('firstName')}>
          {(aria) => <Input {...aria} autoComplete="given-name" required {...inputProps('firstName')} />}
        </Field>
        <Field id={id('last-name')} label={t('contact.form.lastName')} error={messageOf('lastName')}>
          {(aria) => <Input {...aria} autoComplete="family-name" required {...inputProps('lastName')} />}
        </Field>
      </div>
      <Field id={id('email')} label={t('contact.form.email')} error={messageOf('email')}>
        {(aria) => <Input {...aria} type="email" autoComplete="email" required {...inputProps('email')} />}
      </Field>
      <Field id={id('company')} label={t('contact.form.company')} error={messageOf('company')} optional>
        {(aria) => <Input {...aria} autoComplete="organization" {...inputProps('company')} />}
      </Field>
      <Field id={id('subject')} label={t('contact.form.subject')} error={messageOf('subject')}>
        {(aria) => <Input {...aria} required {...inputProps('subject')} />}
      </Field>
      <Field id={id('message')} label={t('contact.form.message')} error={messageOf('message')}>
        {(aria) => (
          <Textarea
            {...aria}
            required
            rows={6}
            className="min-h-36"
            maxLength={contactFormLimits.message}
            disabled={isSubmitting}
            {...register('message')}
          />
        )}
      </Field>
      {/* Honeypot: off screen and out of the tab order; people never fill it, form-filling scripts do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={id('website')}>{t('contact.form.website')}</label>
        <input ref={honeypot} id={id('website')} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="text-muted-foreground text-sm">
        <Trans
          t={t}
          i18nKey="contact.form.privacy"
          components={{
            privacyLink: <Link to={to('/privacy')} className="text-primary underline underline-offset-4" />,
          }}
        />
      </p>
      {/* Enabled once the app runs: a click on the prerendered page must not submit the fields as a plain form. */}
      <Button type="submit" size="lg" disabled={isSubmitting || !hydrated} className="w-full sm:w-fit">
        {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        {isSubmitting ? t('contact.form.sending') : t('contact.form.submit')}
      </Button>
    </form>
  );
}
