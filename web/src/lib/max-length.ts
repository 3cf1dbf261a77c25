import type { z } from 'zod';

/** A zod type's wrappers that keep an inner type: optional, nullable, default, a pipe's input. */
type Wrapped = { def: { innerType?: z.ZodType; in?: z.ZodType } };

/**
 * The maximum length a field's schema allows, read from the schema itself (through optional, nullable,
 * default and pipe wrappers), so a "too long" message can name the limit without repeating it.
 */
export function maxLengthOf(schema: z.ZodType | undefined): number | undefined {
  let current: unknown = schema;
  while (current) {
    const { maxLength } = current as { maxLength?: number | null };
    if (typeof maxLength === 'number') return maxLength;
    const { def } = current as Wrapped;
    current = def?.innerType ?? def?.in;
  }
  return undefined;
}
