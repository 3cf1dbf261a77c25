import * as z from 'zod';
import { languages } from './domain/language';
import { simpleEmailPattern } from './domain/public-survey-rules';

/**
 * The contact form (spec 2 "Contact page", 5 "Contact form"): the fields the page's form validates with
 * react-hook-form and the API validates again before it mails the operator. Messages are English; the
 * web app maps each to its translation with `contactMessageKeyOf`.
 */
export const contactMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Valid email is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  textTooLong: 'This text is too long',
} as const;
export type ContactMessageKey = keyof typeof contactMessages;

const messageKeys = new Map<string, ContactMessageKey>(
  Object.entries(contactMessages).map(([key, message]) => [message, key as ContactMessageKey]),
);

/** The key of an English contact message, for the web app's translation lookup. */
export const contactMessageKeyOf = (message: string): ContactMessageKey | undefined => messageKeys.get(message);

/** Upper bounds: generous for a real enquiry, small enough that the mail stays a readable size. */
export const contactFormLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  company: 200,
  subject: 200,
  message: 5000,
} as const;

/**
 * A send faster than this after the form appeared is refused as scripted: nobody types a name, an address,
 * a subject and a message in three seconds. The page sends the real elapsed time.
 */
export const minContactElapsedMs = 3000;

/** Trimmed first, so '   ' is empty (spec 5); line breaks fold to spaces, as the mail puts these in its headers. */
const singleLine = (requiredMessage: string, max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, contactMessages.textTooLong)
    .transform((value) => value.replace(/\s+/g, ' '));

/** What the visitor types: firstName, lastName, email, subject and message required; company optional. */
export const contactFormSchema = z.object({
  firstName: singleLine(contactMessages.firstNameRequired, contactFormLimits.firstName),
  lastName: singleLine(contactMessages.lastNameRequired, contactFormLimits.lastName),
  email: z
    .string({ error: contactMessages.emailRequired })
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(contactFormLimits.email, { error: contactMessages.emailInvalid, abort: true })
    .regex(simpleEmailPattern, contactMessages.emailInvalid)
    // The address becomes the mail's Reply-To, and SES takes 7-bit addresses only.
    .regex(/^[\x21-\x7e]+$/, contactMessages.emailInvalid),
  company: z
    .string()
    .trim()
    .max(contactFormLimits.company, contactMessages.textTooLong)
    .transform((value) => value.replace(/\s+/g, ' '))
    .optional()
    .transform((value) => value || undefined),
  subject: singleLine(contactMessages.subjectRequired, contactFormLimits.subject),
  message: z
    .string({ error: contactMessages.messageRequired })
    .trim()
    .min(1, contactMessages.messageRequired)
    .max(contactFormLimits.message, contactMessages.textTooLong),
});
/** The form's values as typed (what react-hook-form holds). */
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

/** POST /api/public/contact: the form plus the bot checks and the page's language (the operator replies in it). */
export const contactRequestSchema = contactFormSchema.extend({
  /** Honeypot: a field people never see; anything in it marks a script. */
  website: z.string().max(500).optional(),
  /** Milliseconds between the form appearing and the send, as the page measured them (the API trusts its own). */
  elapsedMs: z.number().int().min(0),
  /** The token `start-contact-form` issued when the form appeared: the API measures the fill time from it. */
  formToken: z.string().max(200).optional(),
  language: z.enum(languages),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactRequestData = z.output<typeof contactRequestSchema>;

/** POST /api/public/contact/start: the form's token (an HMAC of its issue time under the day's salt). */
export const contactFormTokenSchema = z.object({ formToken: z.string() });
export type ContactFormToken = z.infer<typeof contactFormTokenSchema>;

/**
 * Contact messages per hour from everyone together (CONTACT_HOURLY_CAP's default): far above what a small
 * product's visitors write, far below what would make the operator's inbox (and SES's reputation) suffer.
 * Reaching it answers 429 and raises the operator's alarm.
 */
export const contactHourlyCapDefault = 30;

/** The contact Lambda's log message when the global cap refuses a message: the operator's alarm counts these. */
export const contactCapReachedLog = 'Contact hourly cap reached';

/** What the API answers to a refused bot check: as vague as a broken request, so a script learns nothing. */
export const contactRefusedMessage = 'The message could not be sent.';
