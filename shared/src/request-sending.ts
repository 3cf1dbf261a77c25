import * as z from 'zod';
import { sendingChannels } from './domain/sending-health';

/**
 * The owner's review-request sending on a channel (decisions 26), as the requests page shows it: paused or not,
 * why (the window's figures when it paused) and whether the owner may resume it themselves (the first pause).
 * GET /api/request-sending; POST /api/request-sending/resume answers the same after resuming.
 */
export const requestSendingSchema = z.object({
  channel: z.enum(sendingChannels),
  paused: z.boolean(),
  pausedAt: z.string().nullable(),
  /** The owner may resume (the first pause); after a second one only we can. */
  canResume: z.boolean(),
  /** Pauses so far. */
  pauses: z.number().int().nonnegative(),
  /** While paused: why, with the last sends' figures at that moment (mail: hard bounces and complaints). */
  pause: z
    .object({
      cause: z.enum(['failed', 'complained']),
      sends: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      complained: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type RequestSending = z.infer<typeof requestSendingSchema>;
