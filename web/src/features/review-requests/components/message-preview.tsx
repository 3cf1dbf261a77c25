import { useTranslation } from 'react-i18next';
import { customerFirstName, defaultRequestTemplates, fillRequestTemplate, type Language } from '@reviewroute/shared';

/**
 * The mail as the customer will read it, live while the owner types: subject, heading, their text with
 * `{name}` and `{url}` filled in, and the unsubscribe footer, in the customer's language (the mail's own texts
 * mirror the mail catalogue's `reviewRequest`). `{name}` is what the mail puts there: the first customer's first
 * name, and before any customer is added a sample customer's (never the owner's own, whom the preview would
 * otherwise seem to greet).
 */
export function MessagePreview({
  businessName,
  landingPageUrl,
  language,
  customerName,
  template,
}: {
  businessName: string;
  landingPageUrl: string;
  language: Language;
  customerName: string | null;
  /** The owner's text; null: the standard one of the customer's language. */
  template: string | null;
}) {
  const { t, i18n } = useTranslation('requests');
  const mail = i18n.getFixedT(language, 'requests');
  const name = customerName === null ? mail('mailPreview.sampleName') : customerFirstName(customerName);
  // The real link carries the customer's own token; the preview shows where it leads.
  const url = `${landingPageUrl}?r=…`;
  const message = fillRequestTemplate(template ?? defaultRequestTemplates[language], { name, url });
  return (
    <section
      aria-labelledby="message-preview-title"
      className="bg-muted/40 grid gap-2 rounded-md border p-4"
      lang={language}
    >
      <h3
        id="message-preview-title"
        className="text-muted-foreground text-xs font-medium tracking-wide uppercase"
        lang={i18n.language}
      >
        {t('mailPreview.title', { language: t(`languages.${language}`) })}
      </h3>
      <p className="text-sm">
        <span className="text-muted-foreground" lang={i18n.language}>
          {t('mailPreview.subject')}:{' '}
        </span>
        <strong>{mail('mailPreview.subjectLine', { businessName })}</strong>
      </p>
      <p className="font-semibold">{mail('mailPreview.heading', { businessName })}</p>
      <p className="text-sm whitespace-pre-wrap wrap-anywhere" data-testid="message-preview">
        {message}
      </p>
      <p className="text-muted-foreground text-xs">{mail('mailPreview.footer', { businessName })}</p>
    </section>
  );
}
