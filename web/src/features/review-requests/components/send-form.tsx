import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Send } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import {
  createRequestBatchSchema,
  defaultReminderDays,
  defaultRequestTemplates,
  defaultSmsTemplates,
  maxReminderDays,
  requestMessages,
  requestRowLimits,
  requestTemplateSchema,
  smsTemplateMaxLength,
  smsTemplateSchema,
  type Language,
} from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { rowErrorValues } from '../lib/customer-rows';
import { useRowError } from '../lib/use-row-error';
import { MessagePreview } from './message-preview';
import { TextMessagePreview } from './text-message-preview';

/**
 * The batch's settings, by the shared batch schema's own rules: the permission (required), the owner's text
 * (when they write their own: `{url}` required), their text message (`{url}`, at most 2 segments) and the time
 * (now, or a moment to come).
 */
const sendFormSchema = z
  .object({
    permissionConfirmed: z.boolean().pipe(createRequestBatchSchema.shape.permissionConfirmed),
    customTemplate: z.boolean(),
    template: z.string(),
    customSmsTemplate: z.boolean(),
    smsTemplate: z.string(),
    when: z.enum(['now', 'later']),
    sendAt: z.string(),
    // A number field's text: '' or not a whole number in range is refused with the schema's message.
    reminderDays: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, requestMessages.reminderDaysInvalid)
      .transform(Number)
      .pipe(createRequestBatchSchema.shape.reminderDays.unwrap()),
  })
  .superRefine((values, ctx) => {
    if (values.customTemplate) {
      const template = requestTemplateSchema.safeParse(values.template);
      if (!template.success)
        ctx.addIssue({ code: 'custom', path: ['template'], message: template.error.issues[0]!.message });
    }
    if (values.customSmsTemplate) {
      const smsTemplate = smsTemplateSchema.safeParse(values.smsTemplate);
      if (!smsTemplate.success)
        ctx.addIssue({ code: 'custom', path: ['smsTemplate'], message: smsTemplate.error.issues[0]!.message });
    }
    if (values.when === 'later') {
      const time = new Date(values.sendAt).getTime();
      if (!values.sendAt || Number.isNaN(time) || time <= Date.now())
        ctx.addIssue({ code: 'custom', path: ['sendAt'], message: requestMessages.sendAtInvalid });
    }
  });
type SendFormInput = z.input<typeof sendFormSchema>;
type SendFormValues = z.output<typeof sendFormSchema>;

export interface SendSettings {
  template?: string;
  smsTemplate?: string;
  sendAt?: string;
  /** Days until the one reminder; 0: none. */
  reminderDays: number;
}

/** `datetime-local`'s value for a moment, in the browser's time zone. */
const localInputValue = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

interface SendFormProps {
  businessName: string;
  landingPageUrl: string;
  surveyLanguage: Language;
  /** The customer the preview shows: the first one ready, else a sample. */
  previewCustomer: { name: string; language: Language } | null;
  readyCount: number;
  busy: boolean;
  /** Said beside the button (the send failed, or nobody to send to). */
  error: string | null;
  onSend: (settings: SendSettings) => Promise<boolean>;
}

export function SendForm({
  businessName,
  landingPageUrl,
  surveyLanguage,
  previewCustomer,
  readyCount,
  busy,
  error,
  onSend,
}: SendFormProps) {
  const { t } = useTranslation('requests');
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<SendFormInput, unknown, SendFormValues>({
    resolver: zodResolver(sendFormSchema),
    defaultValues: {
      permissionConfirmed: false,
      customTemplate: false,
      template: defaultRequestTemplates[surveyLanguage],
      customSmsTemplate: false,
      smsTemplate: defaultSmsTemplates[surveyLanguage],
      when: 'now',
      sendAt: '',
      reminderDays: String(defaultReminderDays),
    },
  });
  const [customTemplate, template, customSmsTemplate, smsTemplate, when] = useWatch({
    control,
    name: ['customTemplate', 'template', 'customSmsTemplate', 'smsTemplate', 'when'],
  });
  const errorOf = useRowError();

  const submit = async (values: SendFormValues) => {
    const sent = await onSend({
      ...(values.customTemplate ? { template: values.template.trim() } : {}),
      ...(values.customSmsTemplate ? { smsTemplate: values.smsTemplate.trim() } : {}),
      ...(values.when === 'later' ? { sendAt: new Date(values.sendAt).toISOString() } : {}),
      reminderDays: values.reminderDays,
    });
    // The permission is given per batch: the next list asks again.
    if (sent)
      reset({
        ...values,
        permissionConfirmed: false,
        when: 'now',
        sendAt: '',
        reminderDays: String(values.reminderDays),
      });
  };

  const previewLanguage = previewCustomer?.language ?? surveyLanguage;
  const templateError = errorOf(errors.template?.message);
  const smsTemplateError = errorOf(errors.smsTemplate?.message);
  const sendAtError = errorOf(errors.sendAt?.message);
  const permissionError = errorOf(errors.permissionConfirmed?.message);
  const reminderError = errorOf(errors.reminderDays?.message);

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)} className="grid gap-6">
      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="customTemplate"
            render={({ field }) => (
              <Switch
                id={`${id}-custom`}
                checked={field.value}
                onCheckedChange={(checked) => {
                  field.onChange(checked);
                  if (checked && !template.trim()) setValue('template', defaultRequestTemplates[surveyLanguage]);
                }}
              />
            )}
          />
          <Label htmlFor={`${id}-custom`}>{t('send.customTemplate')}</Label>
        </div>
        <p className="text-muted-foreground text-sm">
          {customTemplate ? t('send.customHelp') : t('send.standardHelp')}
        </p>
        {customTemplate && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-template`}>{t('send.template')}</Label>
            <Textarea
              id={`${id}-template`}
              rows={5}
              maxLength={requestRowLimits.template}
              aria-invalid={templateError ? true : undefined}
              aria-describedby={`${id}-template-help${templateError ? ` ${id}-template-error` : ''}`}
              {...register('template')}
            />
            <p id={`${id}-template-help`} className="text-muted-foreground text-xs">
              {t('send.templateHelp')}
            </p>
            {templateError && (
              <p id={`${id}-template-error`} className="text-destructive text-sm">
                {templateError}
              </p>
            )}
          </div>
        )}
        <MessagePreview
          businessName={businessName}
          landingPageUrl={landingPageUrl}
          language={previewLanguage}
          customerName={previewCustomer?.name ?? null}
          template={customTemplate ? template : null}
        />
      </div>

      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="customSmsTemplate"
            render={({ field }) => (
              <Switch
                id={`${id}-custom-sms`}
                checked={field.value}
                onCheckedChange={(checked) => {
                  field.onChange(checked);
                  if (checked && !smsTemplate.trim()) setValue('smsTemplate', defaultSmsTemplates[surveyLanguage]);
                }}
              />
            )}
          />
          <Label htmlFor={`${id}-custom-sms`}>{t('texts.customTemplate')}</Label>
        </div>
        <p className="text-muted-foreground text-sm">
          {customSmsTemplate ? t('texts.customHelp') : t('texts.standardHelp')}
        </p>
        {customSmsTemplate && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-sms-template`}>{t('texts.template')}</Label>
            <Textarea
              id={`${id}-sms-template`}
              rows={3}
              maxLength={smsTemplateMaxLength}
              aria-invalid={smsTemplateError ? true : undefined}
              aria-describedby={`${id}-sms-help ${id}-sms-counter${smsTemplateError ? ` ${id}-sms-error` : ''}`}
              {...register('smsTemplate')}
            />
            <p id={`${id}-sms-help`} className="text-muted-foreground text-xs">
              {t('texts.templateHelp')}
            </p>
            {smsTemplateError && (
              <p id={`${id}-sms-error`} className="text-destructive text-sm">
                {smsTemplateError}
              </p>
            )}
          </div>
        )}
        <TextMessagePreview
          language={previewLanguage}
          customerName={previewCustomer?.name ?? null}
          template={customSmsTemplate ? smsTemplate : null}
          counterId={`${id}-sms-counter`}
        />
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t('send.when')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="now" className="accent-primary size-4" {...register('when')} />
            {t('send.now')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="later" className="accent-primary size-4" {...register('when')} />
            {t('send.later')}
          </label>
        </div>
        {when === 'later' && (
          <div className="grid max-w-xs gap-2">
            <Label htmlFor={`${id}-send-at`}>{t('send.sendAt')}</Label>
            <input
              id={`${id}-send-at`}
              type="datetime-local"
              min={localInputValue(new Date())}
              aria-invalid={sendAtError ? true : undefined}
              aria-describedby={sendAtError ? `${id}-send-at-error` : undefined}
              className="border-input h-9 rounded-md border bg-transparent px-3 text-sm shadow-xs"
              {...register('sendAt')}
            />
            {sendAtError && (
              <p id={`${id}-send-at-error`} className="text-destructive text-sm">
                {sendAtError}
              </p>
            )}
          </div>
        )}
      </fieldset>

      <div className="grid max-w-xs gap-2">
        <Label htmlFor={`${id}-reminder`}>{t('send.reminderDays')}</Label>
        <input
          id={`${id}-reminder`}
          type="number"
          inputMode="numeric"
          min={0}
          max={maxReminderDays}
          step={1}
          aria-invalid={reminderError ? true : undefined}
          aria-describedby={`${id}-reminder-help${reminderError ? ` ${id}-reminder-error` : ''}`}
          className="border-input h-9 w-24 rounded-md border bg-transparent px-3 text-sm shadow-xs"
          {...register('reminderDays')}
        />
        <p id={`${id}-reminder-help`} className="text-muted-foreground text-xs">
          {t('send.reminderHelp')}
        </p>
        {reminderError && (
          <p id={`${id}-reminder-error`} className="text-destructive text-sm">
            {t('rowErrors.reminderDaysInvalid', rowErrorValues)}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <Controller
            control={control}
            name="permissionConfirmed"
            render={({ field }) => (
              <Checkbox
                id={`${id}-permission`}
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-invalid={permissionError ? true : undefined}
                aria-describedby={permissionError ? `${id}-permission-error` : undefined}
              />
            )}
          />
          <Label htmlFor={`${id}-permission`} className="leading-snug font-normal">
            {t('send.permission')}
          </Label>
        </div>
        {permissionError && (
          <p id={`${id}-permission-error`} className="text-destructive text-sm">
            {permissionError}
          </p>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy} aria-describedby={error ? `${id}-send-error` : undefined}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
          {when === 'later' ? t('send.schedule', { count: readyCount }) : t('send.submit', { count: readyCount })}
        </Button>
        <p id={`${id}-send-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      </div>
    </form>
  );
}
