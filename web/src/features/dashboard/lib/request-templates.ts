/**
 * The send-request dialog's links (spec 2 "Quick actions"): open the owner's mail or SMS app with the
 * template already written. Only the text is prefilled; the owner picks the recipient there.
 */
export function mailtoHref(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** `sms:?&body=` is the form both iOS and Android accept without a number. */
export function smsHref(body: string): string {
  return `sms:?&body=${encodeURIComponent(body)}`;
}

/**
 * A reply to a customer who left an address. Each side of the `@` is encoded, so nothing in a stored
 * address (`?`, `&`, `,`, `#`, `%`…) can add a recipient, a CC, a subject or a body to the owner's mail.
 */
export function replyHref(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
