/**
 * A reply to a customer who left an address, with a subject and a greeting the mail client fills in. Each side
 * of the `@` is encoded, so nothing in a stored address (`?`, `&`, `,`, `#`, `%`…) can add a recipient, a CC, a
 * subject or a body; subject and body are encoded as query values.
 */
export function replyMailto(address: string, subject: string, body: string): string {
  const at = address.lastIndexOf('@');
  const to =
    at < 0
      ? encodeURIComponent(address)
      : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
