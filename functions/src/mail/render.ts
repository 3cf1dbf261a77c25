import i18next from 'i18next';
import { escapeHtml, languages, type Language, type PlanId } from '@reviewroute/shared/domain';
import en from './locales/en.json';
import nl from './locales/nl.json';
import { mailTemplates, type MailInput, type MailTemplateId, type MailTemplateSpec } from './templates';

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
const codeOpen = '\uE004';
const codeClose = '\uE005';

// The mails' colours: the brand's teal for links and buttons (white on it is 5.4:1), amber-600 for the stars (at
// 36 px large text, 3.2:1), and a dark variant (`darkStyle`) for clients that follow the reader's dark mode, so no
// text turns unreadable there.
const teal = '#0f766e';
const muted = '#525252';
/** Long words (addresses, references, a URL in a message) break anywhere rather than run out of a 390 px card. */
const wrapAnywhere = 'overflow-wrap:anywhere;word-break:break-word';
const linkStyle = `color:${teal};text-decoration:underline;word-break:break-all;overflow-wrap:anywhere`;
const darkStyle = [
  '<style>',
  ':root{color-scheme:light dark;supported-color-schemes:light dark}',
  '@media (prefers-color-scheme:dark){',
  '.rr-body{background:#0a0a0a!important}',
  '.rr-card,.rr-rule{border-color:#404040!important}',
  '.rr-card{background:#171717!important;color:#f5f5f5!important}',
  '.rr-muted{color:#a3a3a3!important}',
  '.rr-link,.rr-brand{color:#5eead4!important}',
  '.rr-code{background:#042f2e!important;color:#ccfbf1!important;border-color:#115e59!important}',
  '.rr-star{color:#fbbf24!important}',
  '}',
  '</style>',
].join('');

/** A link in the HTML part: its address as its text, wrapping anywhere. */
const anchor = (url: string, text = url) =>
  `<a href="${escapeHtml(url)}" class="rr-link" style="${linkStyle}">${escapeHtml(text)}</a>`;
/**
 * Values named `…Url` are the links the product builds (templates.ts); only those become links, never a value someone
 * typed (a business name, a visitor's subject), whatever it looks like.
 */
const isLinkValue = (name: string) => name.endsWith('Url');

/**
 * The primary action as a button every client draws (a link inside a coloured table cell, inline styles only):
 * at least 44 px tall, its label wrapping within the card.
 */
const button = (url: string, label: string) =>
  `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px;border-collapse:separate;max-width:100%"><tr><td align="center" bgcolor="${teal}" style="border-radius:6px;background:${teal}"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;border:1px solid ${teal};border-radius:6px;font-size:16px;line-height:20px;font-weight:700;color:#ffffff;text-decoration:none;${wrapAnywhere}">${label}</a></td></tr></table>`;

/** Five one-tap stars (1..5), each a 48 px link named for screen readers, with its number under it. */
const starRow = (urls: readonly string[], labelOf: (rating: number) => string) =>
  `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 16px;max-width:100%"><tr>${urls
    .map((url, i) => {
      const label = escapeHtml(labelOf(i + 1));
      return `<td style="padding:0 2px"><a href="${escapeHtml(url)}" aria-label="${label}" title="${label}" style="display:block;width:48px;text-align:center;text-decoration:none"><span class="rr-star" style="display:block;font-size:36px;line-height:40px;color:#d97706" aria-hidden="true">&#9733;</span><span class="rr-muted" style="display:block;font-size:12px;line-height:14px;color:${muted}" aria-hidden="true">${i + 1}</span></a></td>`;
    })
    .join('')}</tr></table>`;

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
// A one-time code, set large and spaced in the HTML part so it reads and copies at a glance.
i18n.services.formatter?.add('code', (value: unknown, _lng, options: { mailPart?: Part }) =>
  options.mailPart === 'html' ? `${codeOpen}${String(value)}${codeClose}` : String(value),
);
const codeStyle =
  "display:inline-block;margin:4px 0;padding:4px 12px;border:1px solid #99f6e4;border-radius:6px;background:#f0fdfa;color:#134e4a;font-family:'Courier New',Courier,monospace;font-size:28px;line-height:36px;letter-spacing:4px";

function line(language: Language, key: string, values: Record<string, string>, part: Part): string {
  if (part === 'text') return i18n.t(key, { lng: language, replace: values, mailPart: part });
  const names = Object.keys(values);
  const markers = Object.fromEntries(names.map((name, i) => [name, marker(i)]));
  // A link the product built becomes a link that wraps.
  const valueAt = (index: string) => {
    const name = names[Number(index)]!;
    const value = values[name] ?? '';
    return value && isLinkValue(name) ? anchor(value) : escapeHtml(value);
  };
  // One pass, so a value that happens to contain a marker is never replaced in turn.
  return escapeHtml(i18n.t(key, { lng: language, replace: markers, mailPart: part })).replace(
    /([\uE002\uE004])?\uE000(\d+)\uE001[\uE003\uE005]?/g,
    (_, format: string | undefined, i: string) =>
      format === strongOpen
        ? `<strong>${valueAt(i)}</strong>`
        : format === codeOpen
          ? `<strong class="rr-code" style="${codeStyle}">${valueAt(i)}</strong>`
          : valueAt(i),
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
 * stars, action, footer), so the two never say different things. The action is a button in the HTML part and
 * `label: url` in the text part; the stars (HTML only) repeat it with a rating chosen.
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
  const spec = mailTemplates[template] as MailTemplateSpec;
  const actionUrl = spec.action ? values[spec.action] : undefined;
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
      action: actionUrl ? say(`${base}.action`) : '',
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
      actionUrl ? `${t.action}: ${actionUrl}` : '',
      ...t.footer,
    ]
      .filter((block) => block !== '')
      .join('\n\n') + '\n';

  const h = partOf('html');
  // A label breaks only between words; its value anywhere, so a long address never splits "Account" in two.
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" class="rr-muted" style="padding:4px 16px 4px 0;color:${muted};font-weight:600;vertical-align:top;overflow-wrap:normal;word-break:normal">${escapeHtml(label)}</th><td style="padding:4px 0;${wrapAnywhere}">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html>',
    `<html lang="${language}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(subject)}</title>${darkStyle}</head>`,
    '<body class="rr-body" style="margin:0;padding:12px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#171717;-webkit-text-size-adjust:100%">',
    `<div class="rr-card" style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e5e5e5;border-radius:8px;padding:20px;${wrapAnywhere}">`,
    `<p class="rr-brand" style="margin:0 0 16px;color:${teal};font-weight:700">${h.brand}</p>`,
    `<h1 style="margin:0 0 16px;font-size:20px">${h.heading}</h1>`,
    ...h.paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`),
    ...(htmlRows
      ? [
          `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;max-width:100%">${htmlRows}</table>`,
        ]
      : []),
    ...(input.quote
      ? [
          // Someone else's text (a visitor's message, the owner's request) stays text: no link of its own.
          `<div class="rr-rule" style="white-space:pre-wrap;border-top:1px solid #e5e5e5;padding-top:16px;margin:0 0 16px;${wrapAnywhere}">${escapeHtml(input.quote)}</div>`,
        ]
      : []),
    ...(input.stars
      ? [
          `<p style="margin:0 0 8px;font-weight:700">${escapeHtml(i18n.t('rating.prompt', { lng: language }))}</p>`,
          starRow(input.stars, (rating) => i18n.t('rating.label', { lng: language, replace: { rating } })),
        ]
      : []),
    ...(actionUrl ? [button(actionUrl, h.action)] : []),
    ...h.footer.map((p) => `<p class="rr-muted" style="margin:24px 0 0;color:${muted};font-size:13px">${p}</p>`),
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject, text, html };
}
