import {
  customerFirstName,
  defaultSmsTemplates,
  fillRequestTemplate,
  maxSmsSegments,
  smsOptOutLine,
  smsSegments,
  type Language,
} from '@reviewroute/shared';

/**
 * A review request's text (decisions 25): the owner's SMS template (or the default of the customer's language)
 * with the customer's first name and the short personal link, then the opt-out line: the short unsubscribe link,
 * and the STOP keyword where the sender is a number that takes replies. At most two segments: a name long enough
 * to make a third is left out (the greeting stays neutral), as the composer's count assumed a usual one.
 */
export interface TextMessageInput {
  /** The owner's SMS template; null: the default of the customer's language. */
  template: string | null;
  language: Language;
  /** The customer's name as given (greeted by first name). */
  name: string;
  /** The short personal survey link (`/r/{code}`). */
  url: string;
  /** The short unsubscribe link. */
  optOutUrl: string;
  /** Whether the sender can take a STOP reply (a number, not an alphanumeric sender ID). */
  replies: boolean;
}

export function composeTextMessage(input: TextMessageInput): string {
  const template = input.template ?? defaultSmsTemplates[input.language];
  const optOut = smsOptOutLine(input.language, input.optOutUrl, input.replies);
  const textOf = (name: string) => `${fillRequestTemplate(template, { name, url: input.url }).trim()}\n${optOut}`;
  const text = textOf(customerFirstName(input.name));
  return smsSegments(text).segments <= maxSmsSegments ? text : textOf('');
}
