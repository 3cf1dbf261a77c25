const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML text or attribute value: the five characters that could end a text or a quoted attribute
 * become entities. Zod-free, so the mails, the local emulators' pages and the web build can all use it.
 */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => entities[c]!);
