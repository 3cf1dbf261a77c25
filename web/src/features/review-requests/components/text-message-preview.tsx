import { useTranslation } from 'react-i18next';
import {
  customerFirstName,
  defaultSmsTemplates,
  fillRequestTemplate,
  languages,
  maxSmsSegments,
  smsOptOutLine,
  smsSegments,
  smsTemplateSample,
  type Language,
  type SmsSegments,
} from '@reviewroute/shared';

/**
 * The segments a template takes as the send will count it, in the language that makes it longest (the schema
 * refuses a template that is too long in either): the same rule the API applies, so the counter never promises a
 * length the send refuses.
 */
export function smsTemplateCount(template: string): SmsSegments {
  return languages
    .map((language) => smsSegments(smsTemplateSample(template, language)))
    .reduce((longest, count) =>
      count.segments > longest.segments ||
      (count.segments === longest.segments && count.characters > longest.characters)
        ? count
        : longest,
    );
}

/**
 * The text message as the customer's phone shows it, live while the owner types, with the counter of characters
 * and segments (GSM-7: 160 in one text, 153 per part; an emoji or a letter outside GSM-7: 70, then 67). A third
 * segment is refused by the form with the limit named; the counter says so as it happens.
 */
export function TextMessagePreview({
  language,
  customerName,
  template,
  counterId,
}: {
  language: Language;
  customerName: string | null;
  /** The owner's SMS template; null: the standard one of the customer's language. */
  template: string | null;
  /** The counter's element id, for the field it describes. */
  counterId: string;
}) {
  const { t, i18n } = useTranslation('requests');
  const text = i18n.getFixedT(language, 'requests');
  const shown = template ?? defaultSmsTemplates[language];
  const name = customerName === null ? text('mailPreview.sampleName') : customerFirstName(customerName);
  const link = `${window.location.origin}/r/…`;
  const body = `${fillRequestTemplate(shown, { name, url: link }).trim()}\n${smsOptOutLine(language, link)}`;
  const count = smsTemplateCount(shown);
  const over = count.segments > maxSmsSegments;
  return (
    <section
      aria-labelledby={`${counterId}-title`}
      className="bg-muted/40 grid gap-2 rounded-md border p-4"
      data-testid="text-message-preview"
    >
      <h3 id={`${counterId}-title`} className="text-muted-foreground text-xs font-medium tracking-wide uppercase">
        {t('texts.previewTitle', { language: t(`languages.${language}`) })}
      </h3>
      <p
        lang={language}
        className="bg-background max-w-sm rounded-2xl rounded-bl-sm border px-3 py-2 text-sm whitespace-pre-wrap wrap-anywhere"
      >
        {body}
      </p>
      <p
        id={counterId}
        aria-live="polite"
        className={over ? 'text-destructive text-sm font-medium' : 'text-muted-foreground text-sm'}
        data-testid="sms-counter"
      >
        {t('texts.counter', { characters: count.characters, segments: count.segments, max: maxSmsSegments })}
        {over && ` · ${t('rowErrors.smsTooManySegments')}`}
      </p>
      <p className="text-muted-foreground text-xs">
        {t('texts.counterHelp')}
        {count.encoding === 'UCS-2' && ` ${t('texts.unicode')}`}
      </p>
    </section>
  );
}
