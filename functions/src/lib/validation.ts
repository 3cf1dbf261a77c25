import type { z } from 'zod';
import { ApiError } from './api-error';

/**
 * Parses input with a shared zod schema. On failure the response carries the first message per field,
 * which are the spec's own messages, so the web app can show them as they are.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'The request is not valid.';
  throw new ApiError('VALIDATION_FAILED', first, fields);
}
