/**
 * Every mail the product sends, by id: the values its texts interpolate (`{{name}}`, `{{code, strong}}` to set it
 * in bold in the HTML part, `{{code, code}}` to set a one-time code large; a value named `…Url` is a link the
 * product built, a link in the HTML part), the field rows it may carry and the value holding its primary action's
 * URL (`action`: a button in the HTML part, `label: url` in the text part).
 * The texts live in `locales/en.json` and `locales/nl.json` under `templates.<id>`: `subject`, `heading`,
 * `paragraphs`, and optionally `brand` (the line above the heading), `fields` (row labels), `footer` and `action`
 * (the button's label). Adding a mail is an entry here plus one in each catalogue; `renderMail` builds both parts
 * from them (render.test.ts checks the catalogues against this list).
 */
/**
 * A security notice's entry: the account's address and what the notice adds, the help address and the security
 * page (its action); its rows framed by the account and the time.
 */
function securityNotice<const V extends readonly string[], const F extends readonly string[]>(values: V, fields: F) {
  return {
    values: ['email', ...values, 'helpEmail', 'securityUrl'] as unknown as readonly [
      'email',
      ...V,
      'helpEmail',
      'securityUrl',
    ],
    fields: ['account', ...fields, 'when'] as unknown as readonly ['account', ...F, 'when'],
    action: 'securityUrl',
  } as const;
}

export const mailTemplates = {
  /** Cognito: sign-up and resent confirmation code. */
  signUpCode: { values: ['code'] },
  passwordResetCode: { values: ['code'] },
  /** Cognito: the code sent to a new address before it replaces the old one. */
  emailChangeCode: { values: ['code'] },
  /** Cognito: an account an administrator created. */
  invitation: { values: ['username', 'code'] },
  signInCode: { values: ['code'] },
  /** The operator's copy of a contact-form message. */
  contactMessage: {
    values: ['subject', 'name', 'email', 'replyUrl'],
    action: 'replyUrl',
    fields: ['name', 'email', 'company', 'language', 'received'],
  },
  /**
   * The owner's alert about one low rating (decisions 23): the rating, the customer's contact details if they
   * left any, the comment (the mail's quote) and the way to the dashboard and to switching alerts off.
   */
  lowRatingAlert: {
    values: ['businessName', 'rating', 'inboxUrl', 'switchOffUrl', 'helpEmail'],
    action: 'inboxUrl',
    fields: ['rating', 'customerName', 'customerEmail', 'received'],
  },
  /**
   * The owner's digest of the low ratings beyond the first 5 within an hour (decisions 23): how many, the window,
   * each one's rating, time and shortened comment (the mail's quote, one line each), and the dashboard.
   */
  lowRatingDigest: {
    values: ['businessName', 'count', 'listed', 'from', 'to', 'inboxUrl', 'switchOffUrl', 'helpEmail'],
    action: 'inboxUrl',
    fields: ['count', 'period'],
  },
  /** The owner's receipt once a payment is paid, with the invoice's link. */
  paymentConfirmation: {
    values: ['amount', 'invoiceUrl', 'helpEmail'],
    action: 'invoiceUrl',
    fields: ['invoice', 'description', 'net', 'vat', 'amount', 'method', 'paid', 'reference'],
  },
  /**
   * Security notices to the account's address (the old one, for an address change), with how to get help. Every
   * owner mail names the monitored help address (SUPPORT_ADDRESS) in its footer, never a no-reply one.
   */
  passwordChanged: securityNotice([], []),
  twoFactorDisabled: securityNotice([], []),
  emailChanged: securityNotice(['newEmail'], ['newAddress']),
  /** A recovery code proved a change (how many are left); a new set replaced the old; one signed in (two-step off). */
  recoveryCodeUsed: securityNotice(['remaining'], ['remaining']),
  recoveryCodesRegenerated: securityNotice([], []),
  signInRecovered: securityNotice([], []),
  /**
   * The account's deletion, to its address before the address goes: what is erased, what is kept (the invoices),
   * and the plan a deletion within 14 days ended and refunded (rows only when there was one).
   */
  accountDeleted: { values: ['email', 'helpEmail'], fields: ['account', 'when', 'plan', 'refund'] },
  /**
   * A review request to a customer (from the business, in the customer's language): the owner's text with the
   * customer's name and personal link comes as the mail's quote, then the five one-tap stars and the button to the
   * personal link; the footer says why it came and how to stop it.
   */
  reviewRequest: { values: ['businessName', 'unsubscribeUrl', 'surveyUrl'], action: 'surveyUrl' },
  /**
   * The owner's notice that their review requests paused themselves (decisions 26): the window's figures, what to
   * clean and where to resume (the first pause); the second says to contact us.
   */
  requestsPaused: {
    values: ['requestsUrl', 'helpEmail'],
    fields: ['sends', 'bounces', 'complaints', 'when'],
    action: 'requestsUrl',
  },
  requestsPausedAgain: {
    values: ['requestsUrl', 'helpEmail'],
    fields: ['sends', 'bounces', 'complaints', 'when'],
    action: 'requestsUrl',
  },
  // The one reminder of a review request, to a customer who has not rated after the batch's days.
  reviewReminder: { values: ['businessName', 'unsubscribeUrl', 'surveyUrl'], action: 'surveyUrl' },
} as const satisfies Record<string, MailTemplateSpec>;

export interface MailTemplateSpec {
  readonly values: readonly string[];
  readonly fields?: readonly string[];
  /** The value holding the URL of the mail's primary action (its label: the catalogue's `action`). */
  readonly action?: string;
}

export type MailTemplateId = keyof typeof mailTemplates;
type SpecOf<T extends MailTemplateId> = (typeof mailTemplates)[T];

/** What one mail's texts need, typed by its template. */
export interface MailInput<T extends MailTemplateId> {
  values: Record<SpecOf<T>['values'][number], string>;
  /** Field rows (label from the catalogue, value verbatim), in the template's order; empty ones are left out. */
  fields?: SpecOf<T> extends { fields: readonly (infer F extends string)[] } ? Partial<Record<F, string>> : never;
  /** Text someone else wrote (a visitor's message), shown verbatim after the fields. */
  quote?: string;
  /**
   * One-tap ratings (a review request): the five links for 1..5 stars, in that order, shown after the quote as
   * stars labelled for screen readers (the catalogue's `rating.label`).
   */
  stars?: readonly [string, string, string, string, string];
}
