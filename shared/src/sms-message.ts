import { SegmentedMessage } from 'sms-segments-calculator';
import * as z from 'zod';
import type { Language } from './domain/language';

/**
 * A review request by text message (decisions 25): the owner's SMS template (`{name}`, `{url}`), the customer's
 * short personal link in place of `{url}`, and the opt-out on a line of its own. At most two segments: a text is
 * billed per segment, and a third would triple the price of the one that converts.
 */

/** Segments a text may take at most. */
export const maxSmsSegments = 2;

export interface SmsSegments {
  /** GSM-7 (160 characters in one segment, 153 per part of a longer one) or UCS-2 (70, 67 per part). */
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
  /** Characters as the network counts them: a GSM-7 extension character (€, [, ]…) counts two. */
  characters: number;
  /** What one more segment would hold at most in this encoding: 160/153 or 70/67 per segment. */
  perSegment: number;
}

/**
 * A text's segments as the networks bill it (Twilio's maintained counter, `sms-segments-calculator`): GSM-7 unless
 * a character needs UCS-2 (an emoji, most non-Latin letters), then every character is counted in UCS-2.
 */
export function smsSegments(text: string): SmsSegments {
  const message = new SegmentedMessage(text, 'auto');
  const encoding = message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7';
  const segments = text.length === 0 ? 0 : message.segmentsCount;
  const single = encoding === 'GSM-7' ? 160 : 70;
  const part = encoding === 'GSM-7' ? 153 : 67;
  return { encoding, segments, characters: message.numberOfCharacters, perSegment: segments > 1 ? part : single };
}

/**
 * Spec 9's SMS template and its Dutch twin: `{url}` is the customer's short personal link. Short enough that with
 * a real short link and the opt-out it is one segment (the bench `sms-segments-default` measures it).
 */
export const defaultSmsTemplates = {
  en: 'Thanks for visiting us! Share your experience: {url}',
  nl: 'Bedankt voor je bezoek! Deel je ervaring: {url}',
} as const satisfies Record<Language, string>;

/**
 * The opt-out line every text ends with: the short unsubscribe link, and where the sender is a number that can
 * take replies, the STOP keyword too (an alphanumeric sender ID cannot be answered).
 */
export const smsOptOutLines = {
  link: { en: 'STOP: {url}', nl: 'STOP: {url}' },
  reply: { en: 'Reply STOP or: {url}', nl: 'Antwoord STOP of: {url}' },
} as const satisfies Record<'link' | 'reply', Record<Language, string>>;

/**
 * The length a short link is counted at when the real one is not known yet (the composer's count, the schema's
 * limit): an origin of up to 24 characters (`https://reviewroute.app` is 23) plus `/r/` and the code.
 */
export const smsLinkAllowance = 40;
/** The length a customer's first name is counted at in the composer and the schema; a longer one is left out when sent. */
export const smsNameAllowance = 12;

/** The opt-out line of a text: the short unsubscribe link, with STOP where the sender takes replies. */
export const smsOptOutLine = (language: Language, optOutUrl: string, replies = false): string =>
  smsOptOutLines[replies ? 'reply' : 'link'][language].replace('{url}', optOutUrl);

/**
 * The text a template makes for a typical customer (a 12-letter first name, the short links' allowance, the
 * longer opt-out line), counted as the send will count it; the composer shows the same count.
 */
export function smsTemplateSample(template: string, language: Language, replies = true): string {
  const body = template
    .replaceAll('{name}', 'x'.repeat(smsNameAllowance))
    .replaceAll('{url}', 'x'.repeat(smsLinkAllowance));
  return `${body.trim()}\n${smsOptOutLine(language, 'x'.repeat(smsLinkAllowance), replies)}`;
}

export const smsMessages = {
  tooManySegments: `At most ${maxSmsSegments} text messages long: shorten the message`,
  templateNeedsUrl: 'The message must contain {url}',
} as const;

/** Characters of an SMS template at most, before segments are counted (two UCS-2 segments hold far fewer). */
export const smsTemplateMaxLength = 320;

/**
 * The owner's SMS template: it must hold `{url}` and, filled for a typical customer (a 12-letter first name, the
 * short links, the longer opt-out line), take at most two segments in either language's opt-out.
 */
export const smsTemplateSchema = z
  .string()
  .trim()
  .min(1, smsMessages.templateNeedsUrl)
  .max(smsTemplateMaxLength, { error: smsMessages.tooManySegments, abort: true })
  .refine((value) => value.includes('{url}'), smsMessages.templateNeedsUrl)
  .refine(
    (value) =>
      (['en', 'nl'] as const).every((l) => smsSegments(smsTemplateSample(value, l)).segments <= maxSmsSegments),
    smsMessages.tooManySegments,
  );

/**
 * What an owner's texts do once the month's allowance is spent (decisions 25; no top-ups yet): wait for next
 * month, or go to the customers who also gave an address by e-mail (the others wait).
 */
export const textsWhenSpentChoices = ['wait', 'email'] as const;
export type TextsWhenSpent = (typeof textsWhenSpentChoices)[number];

/** GET /api/request-settings, and PUT's answer: the owner's choice and the month's texts, as the requests page shows them. */
export const requestSettingsSchema = z.object({
  textsWhenSpent: z.enum(textsWhenSpentChoices),
  texts: z.object({
    /** Texts counted this calendar month (UTC). */
    used: z.number().int().nonnegative(),
    /** The plan's monthly texts. */
    allowance: z.number().int().nonnegative(),
    /** The month (`2026-11`) and when the next begins (ISO). */
    month: z.string().max(7),
    resetsAt: z.string().max(40),
  }),
});
export type RequestSettingsView = z.infer<typeof requestSettingsSchema>;

/** PUT /api/request-settings. */
export const updateRequestSettingsSchema = z.object({ textsWhenSpent: z.enum(textsWhenSpentChoices) });

/** GET /r/{code}: a code of a text's short link (the API answers 404 for anything not of its shape). */
export const shortLinkParamsSchema = z.object({ code: z.string().min(1).max(20) });
