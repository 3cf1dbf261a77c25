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

/** The spec's "simple address pattern": something@something.tld, no spaces. */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
