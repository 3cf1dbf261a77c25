import * as z from 'zod';

/**
 * The switch in the footer of a low-rating alert or digest (decisions 23): the page the link opens sends the
 * wanted state; the API answers with what the survey's switch now is and the business it belongs to, for the
 * page to confirm.
 */
export const alertLinkRequestSchema = z.object({ lowRatingAlerts: z.boolean() });
export type AlertLinkRequest = z.infer<typeof alertLinkRequestSchema>;

export const alertLinkResponseSchema = z.object({ businessName: z.string(), lowRatingAlerts: z.boolean() });
export type AlertLinkResponse = z.infer<typeof alertLinkResponseSchema>;
