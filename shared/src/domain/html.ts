const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one escape of text put into markup: HTML text and quoted attribute values (mails, the prerendered
 * pages, the local emulators' pages) and XML (the sitemap, the poster's SVG). The five characters that could
 * end a text or a quoted attribute become entities; `&#39;` is a character reference, valid in HTML and XML
 * alike, so one function serves both. Zod-free, so the mails, the local emulators and the web build can all
 * use it.
 */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => entities[c]!);

/** The same escape, named for XML call sites (SVG, sitemap.xml). */
export const escapeXml = escapeHtml;
