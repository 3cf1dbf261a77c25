import * as z from 'zod';

/** Response bodies of the API, validated by the web client and asserted by tests. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const meResponseSchema = z.object({ userId: z.string().min(1), email: z.string() });
export type MeResponse = z.infer<typeof meResponseSchema>;
