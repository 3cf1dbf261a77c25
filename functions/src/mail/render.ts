import i18next from 'i18next';
import { escapeHtml, languages, type Language, type PlanId } from '@reviewroute/shared/domain';
import en from './locales/en.json';
import nl from './locales/nl.json';
import { mailTemplates, type MailInput, type MailTemplateId } from './templates';

/** The mail catalogues, one per language (the web app's strings live in web/src/locales). */
export const mailCatalogues: Record<Language, typeof en> = { en, nl };

/** A mail's subject and its two parts. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Part = 'text' | 'html';

// In the HTML part each value is first a marker, so the catalogue's own text can be escaped as a whole and
// only then each value escaped in its place: neither a translation nor a value can add markup.
const marker = (index: number) => `\uE000${index}\uE001`;
const strongOpen = '\uE002';
const strongClose = '\uE003';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { mail: en }, nl: { mail: nl } },
  ns: ['mail'],
  defaultNS: 'mail',
  supportedLngs: [...languages],
  fallbackLng: 'en',
  initAsync: false,
  returnNull: false,
  // Values are escaped per part below, not by i18next.
  interpolation: { escapeValue: false },
});
i18n.services.formatter?.add('strong', (value: unknown, _lng, options: { mailPart?: Part }) =>
  options.mailPart === 'html' ? `${strongOpen}${String(value)}${strongClose}` : String(value),
);

function line(language: Language, key: string, values: Record<string, string>, part: Part): string {
  if (part === 'text') return i18n.t(key, { lng: language, replace: values, mailPart: part });
  const names = Object.keys(values);
  const markers = Object.fromEntries(names.map((name, i) => [name, marker(i)]));
  const valueAt = (index: string) => escapeHtml(values[names[Number(index)]!] ?? '');
  // One pass, so a value that happens to contain a marker is never replaced in turn.
  return escapeHtml(i18n.t(key, { lng: language, replace: markers, mailPart: part })).replace(
    /(\uE002)?\uE000(\d+)\uE001\uE003?/g,
    (_, strong: string | undefined, i: string) => (strong ? `<strong>${valueAt(i)}</strong>` : valueAt(i)),
  );
}

/**
 * What a plan payment bought, as a line item in `language` ("Growth plan, 1 year", "Growth-abonnement, 1 jaar"):
 * the words the web app's invoice uses, so the receipt and the invoice name it alike.
 */
export const planLineItem = (plan: PlanId, language: Language): string =>
  i18n.t('billing.planItem', { lng: language, replace: { plan: i18n.t(`billing.plans.${plan}`, { lng: language }) } });

/**
 * A plan payment's description at Mollie (its checkout page and the owner's bank statement) in the owner's
 * language: the spec's "Growth - Annual Subscription" in English, "Growth - Jaarabonnement" in Dutch.
 */
export const planPaymentDescriptionIn = (plan: PlanId, language: Language): string =>
  i18n.t('billing.paymentDescription', {
    lng: language,
    replace: { plan: i18n.t(`billing.plans.${plan}`, { lng: language }) },
  });

/** The name of a language in another one ("Dutch", "Nederlands"). */
export const languageName = (of: Language, language: Language): string =>
  i18n.t(`languageNames.${of}`, { lng: language });

/**
 * One mail in one language: the template's catalogue texts with the values filled in, as a plain-text part
 * and an HTML part built from the same blocks in the same order (brand, heading, paragraphs, fields, quote,
 * footer), so the two never say different things.
 */
export function renderMail<T extends MailTemplateId>(
  template: T,
  language: Language,
  input: MailInput<T>,
): RenderedMail {
  const values = input.values as Record<string, string>;
  const entry = mailCatalogues[language].templates[template] as {
    brand?: string;
    paragraphs: string[];
    footer?: string[];
  };
  const base = `templates.${template}`;
  const spec = mailTemplates[template] as { fields?: readonly string[] };
  const given = (input.fields ?? {}) as Record<string, string | undefined>;
  const rows = (spec.fields ?? []).flatMap((field) => {
    const value = given[field];
    return value ? [[i18n.t(`${base}.fields.${field}`, { lng: language }), value] as const] : [];
  });

  const partOf = (part: Part) => {
    const say = (key: string) => line(language, key, values, part);
    return {
      brand: say(entry.brand === undefined ? 'brand' : `${base}.brand`),
      heading: say(`${base}.heading`),
      paragraphs: entry.paragraphs.map((_, i) => say(`${base}.paragraphs.${i}`)),
      footer: (entry.footer ?? []).map((_, i) => say(`${base}.footer.${i}`)),
    };
  };
  const subject = line(language, `${base}.subject`, values, 'text');

  const t = partOf('text');
  const text =
    [
      t.brand,
      t.heading,
      ...t.paragraphs,
      rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
      input.quote ?? '',
      ...t.footer,
    ]
      .filter((block) => block !== '')
      .join('\n\n') + '\n';

  const h = partOf('html');
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0;color:#525252;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html>',
    `<html lang="${language}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#171717">',
    '<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e5e5e5;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 16px;color:#0f766e;font-weight:700">${h.brand}</p>`,
    `<h1 style="margin:0 0 16px;font-size:20px">${h.heading}</h1>`,
    ...h.paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`),
    ...(htmlRows
      ? [`<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${htmlRows}</table>`]
      : []),
    ...(input.quote
      ? [
          `<div style="white-space:pre-wrap;border-top:1px solid #e5e5e5;padding-top:16px">${escapeHtml(input.quote)}</div>`,
        ]
      : []),
    ...h.footer.map((p) => `<p style="margin:24px 0 0;color:#525252;font-size:13px">${p}</p>`),
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject, text, html };
}
