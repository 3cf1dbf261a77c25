/**
 * Limits of the public survey form, shared by the page and the API. Kept free of zod so the public
 * page can import them (through `@reviewroute/shared/domain`) without loading the schemas.
 */
export const maxCommentLength = 500;

/**
 * Submits faster than this after the form opened are refused as scripted (a person cannot read the
 * question, pick a star and press submit in 1.5 s). The page sends the real elapsed time.
 */
export const minSubmitElapsedMs = 1500;

/** Upper bounds of the optional contact fields a low-rating customer may leave. */
export const contactFieldLimits = { name: 200, email: 254 } as const;

/**
 * What an address may contain besides its one `@`: no whitespace, control or invisible format character,
 * and none of the characters that end or extend a `mailto:` link or a mail header (`? & # % , ; : < > "
 * ( ) [ ] \`), so a customer's address can never add a recipient, a CC or a subject to the owner's reply.
 */
const addressChar = String.raw`[^\s\p{Cc}\p{Cf}@?&#%,;:<>"()[\]\\]`;
const domainCharNoDot = String.raw`[^\s\p{Cc}\p{Cf}@?&#%,;:<>"()[\]\\.]`;

/**
 * The spec's "simple address pattern" (something@something.tld, no spaces) in a form that cannot
 * backtrack: the domain runs over non-dots up to its first dot, then anything allowed to the end, so no
 * two parts of the pattern compete for the same characters and the check is linear in the length.
 */
export const simpleEmailPattern = new RegExp(`^${addressChar}+@${domainCharNoDot}+\\.${addressChar}+$`, 'u');
