import * as z from 'zod';

/**
 * electrodb attributes from a zod object shape, so an entity stores exactly the fields of its schema and
 * a new field needs no second list. Text is never required: empty values are not stored (an absent
 * attribute reads as '' or null), so the schemas, not the table, guard required text. Only the kinds of
 * field our schemas use are mapped; another kind fails here, at compile time and at load.
 */
export type AttributeOf<T> =
  T extends z.ZodPipe<infer In, z.ZodType>
    ? AttributeOf<In>
    : T extends z.ZodNullable<infer Inner>
      ? AttributeOf<Inner>
      : T extends z.ZodString
        ? { readonly type: 'string' }
        : T extends z.ZodBoolean
          ? { readonly type: 'boolean'; readonly required: true }
          : T extends z.ZodEnum<infer E>
            ? { readonly type: readonly E[keyof E][]; readonly required: true }
            : T extends z.ZodObject<infer S>
              ? { readonly type: 'map'; readonly required: true; readonly properties: AttributesOf<S> }
              : T extends z.ZodNumber
                ? { readonly type: 'number' }
                : T extends z.ZodArray<z.ZodEnum>
                  ? { readonly type: 'list'; readonly items: { readonly type: 'string' } }
                  : never;

export type AttributesOf<S extends z.ZodRawShape> = { readonly [K in keyof S]: AttributeOf<S[K]> };

function attributeOf(field: z.ZodType): unknown {
  if (field instanceof z.ZodPipe) return attributeOf(field.in as z.ZodType);
  if (field instanceof z.ZodNullable) return attributeOf(field.unwrap() as z.ZodType);
  if (field instanceof z.ZodString) return { type: 'string' };
  if (field instanceof z.ZodBoolean) return { type: 'boolean', required: true };
  if (field instanceof z.ZodEnum) return { type: field.options, required: true };
  if (field instanceof z.ZodObject) return { type: 'map', required: true, properties: attributesOf(field.shape) };
  // Numbers and lists are not required: items stored before such a field existed lack it (the schema's
  // reader fills in its empty value). electrodb's lists take no enum items: the schema checks them on read.
  if (field instanceof z.ZodNumber) return { type: 'number' };
  if (field instanceof z.ZodArray && field.element instanceof z.ZodEnum)
    return { type: 'list', items: { type: 'string' } };
  throw new Error(`No electrodb attribute for a zod ${field.constructor.name}`);
}

export function attributesOf<S extends z.ZodRawShape>(shape: S): AttributesOf<S> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, attributeOf(field as z.ZodType)]),
  ) as AttributesOf<S>;
}
