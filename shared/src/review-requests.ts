import * as z from 'zod';
import { languages, type Language } from './domain/language';
import { maxPhoneInputLength, parsePhoneNumber, phoneNumberMessages } from './domain/phone-number';
import { defaultSmsCountries, smsCountryRefused } from './domain/sms-rules';
import { simpleEmailPattern } from './domain/public-survey-rules';
import { smsTemplateSchema } from './sms-message';

/**
 * E-mail review requests: the owner uploads customers (name, address, language), confirms they agreed to be
 * asked, and the requests worker mails each one their personal survey link, once. The rows are checked here,
 * by the page (its preview's per-row errors) and by the API alike.
 */

/** Rows per batch at most: a CSV of 5,000 customers is one batch. */
export const maxRequestRows = 5000;

/** A customer is asked at most once per owner in this many days, whatever survey or batch names them again. */
export const requestRepeatDays = 30;

/** Days after its request a customer who has not rated is reminded, once, by default; 0: no reminder. */
export const defaultReminderDays = 3;
export const maxReminderDays = 30;

/**
 * Days a review request's customer data is kept (the privacy page says so): each customer's row (name, address,
 * link marks) from when it was sent or skipped, the batch from when it is done; then the table's TTL deletes them.
 * Longer than the reminder (at most `maxReminderDays` after the request) and the funnel's counting need.
 */
export const requestRetentionDays = 90;

/**
 * Uploads (batches sent from the requests page) per owner a minute at most. A person sends a list at a time, far
 * below this; a script posting one-customer batches as fast as the API answers would otherwise spend, in seconds,
 * the table's and the sender's work that every owner's requests share (a batch costs some 40 reads and writes on
 * its way to the customer). A booking system asks one customer at a time through the hook, which has its own limit
 * (`requestHookRateLimit`).
 */
export const requestUploadRateLimit = { limit: 10, windowSeconds: 60 } as const;

export const requestRowLimits = { name: 200, email: 254, phone: maxPhoneInputLength, template: 2000 } as const;

export const requestMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Valid email is required',
  phoneInvalid: phoneNumberMessages.invalid,
  contactRequired: 'Give an email address or a phone number',
  languageInvalid: 'Choose English or Dutch',
  nameTooLong: `The name is too long: at most ${requestRowLimits.name} characters`,
  templateTooLong: `The message is too long: at most ${requestRowLimits.template} characters`,
  rowsRequired: 'Add at least one customer',
  tooManyRows: `At most ${maxRequestRows} customers per batch`,
  permissionRequired: 'Confirm that your customers agreed to receive this message',
  templateNeedsUrl: 'The message must contain {url}',
  templateLinksInTrial: 'During the trial the message may contain no links but {url}, the survey link',
  sendAtInvalid: 'Choose a valid date and time',
  reminderDaysInvalid: `Choose 0 to ${maxReminderDays} days`,
} as const;

/**
 * The spec's e-mail template (spec 9) and its Dutch twin: `{name}` is the customer's name (the spec's
 * "[Customer Name]"), `{url}` their personal survey link. The owner may edit it; this is the default.
 */
export const defaultRequestTemplates = {
  en: "Hi {name}, thank you for choosing our service! We'd love to hear about your experience. Please take a moment to share your feedback: {url}",
  nl: 'Hoi {name}, bedankt dat je voor ons hebt gekozen! We horen graag hoe je het hebt ervaren. Neem even de tijd om je feedback te delen: {url}',
} as const satisfies Record<Language, string>;

/**
 * The template with the customer's name and link filled in (every occurrence; other braces stay as typed). A blank
 * name takes `{name}` and the space before it away, so the greeting stays neutral ("Hi, thank you…", "Hoi,
 * bedankt…") instead of greeting nobody ("Hi , …").
 */
export const fillRequestTemplate = (template: string, values: { name: string; url: string }): string => {
  const name = values.name.trim();
  return template.replace(/([^\S\n]*)\{(name|url)\}/g, (_, space: string, key: 'name' | 'url') =>
    key === 'url' ? `${space}${values.url}` : name ? `${space}${name}` : '',
  );
};

/**
 * How a request mail addresses its customer: by first name (the first word of the name they gave: "Anna" of
 * "Anna de Vries"), as people greet each other; empty when no name was given (the greeting then stays neutral).
 */
export const customerFirstName = (name: string | null | undefined): string => name?.trim().split(/\s+/)[0] ?? '';

/** A customer's address as a request is sent to it: the contact form's rule (SES takes 7-bit addresses only). */
export const requestEmailSchema = z
  .string({ error: requestMessages.emailRequired })
  .trim()
  .min(1, requestMessages.emailRequired)
  .max(requestRowLimits.email, { error: requestMessages.emailInvalid, abort: true })
  .regex(simpleEmailPattern, requestMessages.emailInvalid)
  .regex(/^[\x21-\x7e]+$/, requestMessages.emailInvalid);

/**
 * A customer's name as a request greets them: one rule for every way a customer arrives (the owner's upload,
 * the webhook), so a name one accepts the other does too. The name goes into a mail; line breaks fold to spaces.
 */
export const requestCustomerNameSchema = z
  .string({ error: requestMessages.nameRequired })
  .trim()
  .min(1, requestMessages.nameRequired)
  .max(requestRowLimits.name, requestMessages.nameTooLong)
  .transform((value) => value.replace(/\s+/g, ' '));

/**
 * A customer's mobile number as they gave it, read in the Netherlands unless it has a country code
 * (`parsePhoneNumber`), to its E.164 form: the form it is stored, texted and remembered by (the 30-day rule, the
 * suppression lists).
 */
export const requestPhoneSchema = z.string({ error: requestMessages.phoneInvalid }).transform((value, ctx) => {
  const parsed = parsePhoneNumber(value);
  if (parsed.ok) return parsed.e164;
  ctx.addIssue({ code: 'custom', message: parsed.message, input: value });
  return z.NEVER;
});

/**
 * A way to reach a customer that a row may leave out: absent, null or blank (an empty cell of a CSV, the form's
 * empty field) all read as not given; anything else must pass `schema`.
 */
const optionalContact = (schema: z.ZodType<string, string>) =>
  z
    .string({ error: requestMessages.contactRequired })
    .nullish()
    .transform((value, ctx): string | undefined => {
      if (value == null || value.trim() === '') return undefined;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, input: value });
      return z.NEVER;
    })
    .optional();

/**
 * How a customer is reached, by the same rule wherever a customer arrives: an e-mail address, a mobile number or
 * both; at least one (its message under `email`, where the form shows it).
 */
export const requestContactShape = {
  email: optionalContact(requestEmailSchema),
  phone: optionalContact(requestPhoneSchema),
};
/** The default allowlist: the rows' rule (a stack configured narrower skips such rows when it sends, with why). */
const textableCountries: ReadonlySet<string> = new Set(defaultSmsCountries);

export const requireContact = (
  row: { email?: string | undefined; phone?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (row.email === undefined && row.phone === undefined)
    ctx.addIssue({ code: 'custom', message: requestMessages.contactRequired, path: ['email'], input: row });
  // A number texts may not go to (decisions 25's allowlist) and no address: nothing could ask this customer.
  if (row.email === undefined && row.phone !== undefined) {
    const parsed = parsePhoneNumber(row.phone);
    if (parsed.ok && !textableCountries.has(parsed.country))
      ctx.addIssue({ code: 'custom', message: smsCountryRefused, path: ['phone'], input: row.phone });
  }
};

/**
 * A checked row's ways to reach the customer as a request stores them: null for what it lacks, the number's
 * country read from its E.164 form (the text's rules follow it).
 */
export function requestContactOf(row: { email?: string | undefined; phone?: string | undefined }): {
  email: string | null;
  phone: string | null;
  phoneCountry: string | null;
} {
  const phone = row.phone ? parsePhoneNumber(row.phone) : undefined;
  return {
    email: row.email ?? null,
    phone: phone?.ok ? phone.e164 : null,
    phoneCountry: phone?.ok ? phone.country : null,
  };
}

/**
 * The channel a customer is asked by, and the one their reminder goes by: a number only, by text; an address
 * only, by e-mail; both, by text first (it is read) and the reminder by e-mail (it costs nothing and is kept).
 */
export function requestChannelsOf(contact: { email: string | null; phone: string | null }): {
  request: 'email' | 'sms';
  reminder: 'email' | 'sms';
} {
  return {
    request: contact.phone ? 'sms' : 'email',
    reminder: contact.email ? 'email' : 'sms',
  };
}

/** The language a customer is asked in, by the same rule wherever a customer arrives. */
export const requestLanguageSchema = z.enum(languages, { error: requestMessages.languageInvalid });

/**
 * One customer: a name, an address and/or a mobile number (E.164 once parsed). Without a language the request goes
 * out in the survey's (decisions 17).
 */
export const requestRecipientRowSchema = z
  .object({
    name: requestCustomerNameSchema,
    ...requestContactShape,
    language: requestLanguageSchema.optional(),
  })
  .superRefine(requireContact);
export type RequestRecipientRowInput = z.input<typeof requestRecipientRowSchema>;
export type RequestRecipientRow = z.output<typeof requestRecipientRowSchema>;

/**
 * A web address in the owner's own text: with a scheme, starting with www., or a bare domain name of a common
 * top-level domain (bakkerij.nl/actie); an e-mail address is not one, nor is `{url}`, where the survey link goes.
 */
const linkPattern =
  /(?<![@\w.-])(?:https?:\/\/[^\s<>"]+|www\.[^\s<>"]+|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|net|org|nl|be|de|eu|info|biz|io|co|uk|fr|es|it|at|ch|shop|online|site|store|app|me|ly|gl|to|page|link|xyz|top|club)(?:\/[^\s<>"]*)?)(?![\w@-])/gi;

/**
 * The links of the owner's text other than the survey's `{url}`. A trial's requests carry none (decisions 26: an
 * account made in a minute must not send any link it likes from our sender): refused when the batch is made,
 * and taken out when the mail is made (`withoutLinks`).
 */
export const linksIn = (text: string): string[] => text.match(linkPattern) ?? [];

/** The text with its links taken out (`{url}` stays), spaces left by them folded. */
export const withoutLinks = (text: string): string => text.replace(linkPattern, '').replace(/[^\S\n]{2,}/g, ' ');

export const requestTemplateSchema = z
  .string()
  .trim()
  .min(1, requestMessages.templateNeedsUrl)
  .max(requestRowLimits.template, requestMessages.templateTooLong)
  .refine((value) => value.includes('{url}'), requestMessages.templateNeedsUrl);

/**
 * POST /api/surveys/{surveyId}/request-batches. A malformed row refuses the whole batch (400, its error under
 * `rows.<index>.<field>`): the page previews the same rule and sends only rows that pass it.
 */
export const createRequestBatchSchema = z.object({
  rows: z
    .array(requestRecipientRowSchema)
    .min(1, requestMessages.rowsRequired)
    .max(maxRequestRows, requestMessages.tooManyRows),
  /** The owner confirms their customers agreed to be e-mailed; stored with the batch, with the time. */
  permissionConfirmed: z.literal(true, { error: requestMessages.permissionRequired }),
  /** When to send (ISO time); absent or past: now. */
  sendAt: z
    .string()
    .max(40, { error: requestMessages.sendAtInvalid, abort: true })
    .pipe(z.iso.datetime({ offset: true, error: requestMessages.sendAtInvalid }))
    .optional(),
  /** The owner's text with `{name}` and `{url}`; absent: the default of each customer's language. */
  template: requestTemplateSchema.optional(),
  /** The owner's SMS template (`{name}`, `{url}`; at most 2 segments); absent: the default of each customer's language. */
  smsTemplate: smsTemplateSchema.optional(),
  /** One reminder this many days after the request to a customer who has not rated; 0: none. */
  reminderDays: z
    .number({ error: requestMessages.reminderDaysInvalid })
    .int(requestMessages.reminderDaysInvalid)
    .min(0, requestMessages.reminderDaysInvalid)
    .max(maxReminderDays, requestMessages.reminderDaysInvalid)
    .optional(),
});
export type CreateRequestBatchInput = z.input<typeof createRequestBatchSchema>;
export type CreateRequestBatch = z.output<typeof createRequestBatchSchema>;

/**
 * A batch's life: `preparing` while the create request writes its rows (nothing is sent from it), `scheduled`
 * until its time, `sending` while the worker goes through it, `done` when no row is left to send.
 */
export const requestBatchStates = ['preparing', 'scheduled', 'sending', 'done'] as const;
export type RequestBatchState = (typeof requestBatchStates)[number];

/**
 * A customer's request: `queued`, `sending` (claimed by the worker: never sent again, even after a crash),
 * `sent`, `skipped` (with the reason), `failed` (SES refused it, or a send was interrupted and may or may not
 * have gone out: either way it is never retried). Opened, rated and clicked follow from the survey (funnel).
 */
export const requestRecipientStates = ['queued', 'sending', 'sent', 'skipped', 'failed'] as const;
export type RequestRecipientState = (typeof requestRecipientStates)[number];

/** Why a request was not sent. */
export const requestSkipReasons = [
  /** On the owner's suppression list: the customer unsubscribed, their address bounced or complained. */
  'unsubscribed',
  'bounced',
  'complaint',
  /** Asked by this owner within the last 30 days (for this survey or another, in this batch or another). */
  'recently-asked',
  /** The same address earlier in this batch. */
  'duplicate',
  /** SES refused the mail. */
  'rejected',
  /** The send was interrupted (the worker stopped between claiming and confirming it): never retried. */
  'interrupted',
  /** A sent text the phone network reported it could not deliver (the number unreachable, blocked, invalid). */
  'undelivered',
  /** Only a mobile number, of a country texts may not go to (decisions 25's allowlist): nothing to send it by. */
  'country-not-allowed',
] as const;
export type RequestSkipReason = (typeof requestSkipReasons)[number];

/** Where a batch came from: the owner's page (typed, pasted or a CSV) or the booking system's webhook. */
export const requestBatchSources = ['upload', 'hook'] as const;
export type RequestBatchSource = (typeof requestBatchSources)[number];

export const suppressionReasons = ['unsubscribed', 'bounced', 'complaint'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** The channels a request goes by: e-mail, or text message (decisions 25). */
export const requestChannels = ['email', 'sms'] as const;
export type RequestChannel = (typeof requestChannels)[number];

export const requestBatchSchema = z.object({
  id: z.string(),
  surveyId: z.string(),
  state: z.enum(requestBatchStates),
  /** Rows in the batch. */
  total: z.number().int().nonnegative(),
  template: z.string().nullable(),
  /** The owner's SMS template; null or absent: each customer's language's default. */
  smsTemplate: z.string().nullable().optional(),
  sendAt: z.string(),
  permissionConfirmedAt: z.string(),
  createdAt: z.string(),
  /** Set while the day's cap (by plan) holds the rest back: when sending resumes. */
  waitingUntil: z.string().nullable(),
  /** Days until the one reminder (0: none; batches created before reminders read 0). */
  reminderDays: z.number().int().nonnegative(),
  /** The owner's page or the webhook (batches stored before the webhook read `upload`). */
  source: z.enum(requestBatchSources),
});
export type RequestBatch = z.infer<typeof requestBatchSchema>;

/**
 * Batches per page of the list. The webhook makes a batch of one customer per call, so a busy shop has
 * thousands: the list is read a page at a time, newest first.
 */
export const requestBatchPageSize = 20;
/** A page's position: opaque to clients, bounded so nothing longer is ever decoded. */
export const requestBatchCursorMaxLength = 400;

/** GET /api/surveys/{surveyId}/request-batches: no cursor for the newest page, then each page's `nextCursor`. */
export const requestBatchQuerySchema = z.object({
  cursor: z.string().max(requestBatchCursorMaxLength, { abort: true }).min(1).optional(),
});

export const requestBatchPageSchema = z.object({
  batches: z.array(requestBatchSchema).max(requestBatchPageSize),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RequestBatchPage = z.infer<typeof requestBatchPageSchema>;

export const requestRecipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The customer's address and mobile number (E.164) as given: one of them at least. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(languages),
  state: z.enum(requestRecipientStates),
  reason: z.enum(requestSkipReasons).nullable(),
  sentAt: z.string().nullable(),
  /** What the customer did with their personal link (each implies the ones before it). */
  openedAt: z.string().nullable(),
  ratedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  /** When the one reminder went out. */
  remindedAt: z.string().nullable(),
  /** The channel the request went by; null until it is sent (a request sent before texts existed: e-mail). */
  channel: z.enum(requestChannels).nullable(),
  /** When the mail service or the phone network reported it delivered. */
  deliveredAt: z.string().nullable(),
  /** After it went out, the customer unsubscribed (a link, or STOP), or the address bounced or complained. */
  suppressedAs: z.enum(suppressionReasons).nullable(),
});
export type RequestRecipient = z.infer<typeof requestRecipientSchema>;

/**
 * A customer's request as the owner's list names it: where it stands (`queued`, `sending`, `skipped` and `failed`
 * with their reason) or, once sent, what became of it: `unsubscribed`, `bounced` or `complained` when the address
 * went on the suppression list after it, else `delivered` once reported, else `sent`. What the customer did with
 * the link (opened, rated, clicked) is shown beside it.
 */
export type RecipientStatus =
  Exclude<RequestRecipientState, 'sent'> | 'sent' | 'delivered' | 'unsubscribed' | 'bounced' | 'complained';

export function recipientStatusOf(
  r: Pick<RequestRecipient, 'state' | 'deliveredAt' | 'openedAt' | 'suppressedAs'>,
): RecipientStatus {
  if (r.state !== 'sent') return r.state;
  if (r.suppressedAs) return r.suppressedAs === 'complaint' ? 'complained' : r.suppressedAs;
  // An opened link was delivered, whether or not the report came.
  return r.deliveredAt || r.openedAt ? 'delivered' : 'sent';
}

/** Recipients per page of the list. */
export const requestRecipientPageSize = 500;

export const requestRecipientQuerySchema = z.object({ cursor: z.string().min(1).max(100).optional() });

export const requestRecipientPageSchema = z.object({
  recipients: z.array(requestRecipientSchema).max(requestRecipientPageSize),
  nextCursor: z.string().nullable(),
});
export type RequestRecipientPage = z.infer<typeof requestRecipientPageSchema>;

/**
 * The public one-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` form-encoded
 * to the `List-Unsubscribe` URL; its body is not read. The token names the request, never the address.
 */
export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * The funnel of a survey's review requests, per channel: sent -> delivered (the mail service or the phone network
 * confirmed it; an opened link implies it) -> opened (the personal link visited) -> rated (a response submitted from
 * it) -> clicked (on to Google from it). Counted by the funnel stream worker, each customer's step once, under the
 * channel their request went by; one item read.
 */
export const funnelStages = ['sent', 'delivered', 'opened', 'rated', 'clicked'] as const;
export type FunnelStage = (typeof funnelStages)[number];

/**
 * What became of requests beside the funnel's steps, counted alike (each customer once): `failed` (refused, or not
 * delivered), and after a send the address's suppression: `unsubscribed` (a link, or STOP), `bounced`, `complained`.
 */
export const funnelOutcomes = ['failed', 'unsubscribed', 'bounced', 'complained'] as const;
export type FunnelOutcome = (typeof funnelOutcomes)[number];
/** Everything the funnel counts: its steps and the outcomes beside them. */
export const funnelMarks = [...funnelStages, ...funnelOutcomes] as const;
export type FunnelMark = (typeof funnelMarks)[number];

const funnelCount = z.number().int().nonnegative();
export const funnelCountsSchema = z.object({
  sent: funnelCount,
  delivered: funnelCount,
  opened: funnelCount,
  rated: funnelCount,
  clicked: funnelCount,
  failed: funnelCount,
  unsubscribed: funnelCount,
  bounced: funnelCount,
  complained: funnelCount,
});
export type FunnelCounts = z.infer<typeof funnelCountsSchema>;

export const requestFunnelSchema = z.object({ email: funnelCountsSchema, sms: funnelCountsSchema });
export type RequestFunnel = z.infer<typeof requestFunnelSchema>;

export const emptyFunnelCounts = (): FunnelCounts => ({
  sent: 0,
  delivered: 0,
  opened: 0,
  rated: 0,
  clicked: 0,
  failed: 0,
  unsubscribed: 0,
  bounced: 0,
  complained: 0,
});

/**
 * Each step's share of the step before it (0..1): delivered of sent, opened of delivered, and so on; null for the
 * first step and while the step before counted nothing. Requests counted before delivery was reported can make a
 * step larger than the one before: the share stops at 1.
 */
export function funnelRates(counts: FunnelCounts): Record<FunnelStage, number | null> {
  return Object.fromEntries(
    funnelStages.map((stage, i) => {
      const before = i === 0 ? 0 : counts[funnelStages[i - 1]!];
      return [stage, before > 0 ? Math.min(1, counts[stage] / before) : null];
    }),
  ) as Record<FunnelStage, number | null>;
}
