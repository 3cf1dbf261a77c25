// Stands in for the `jsonschema` package in Lambda bundles. Its one user there is electrodb, which checks every
// entity definition against its JSON schemas when the entity is built: about 28 KB in every bundle with the
// table, and about 55 ms of the first request after a cold start (building our entities took 72 ms with it,
// 17 ms without: each of the twenty-odd is checked twice, as a "beta" model, which fails, then as a v1
// model). Our definitions are constants; the tests build them with the real package, so a wrong one fails
// there. What electrodb also asks the validator, whether an object is a model definition at all (and which
// kind) or an entity it is given, depends on the top-level shape only (`type`, `required` and `properties`),
// which this checks as the real package does; the deeper rules (`$ref`, `patternProperties`, `format`,
// `minProperties`) are not checked here. shims.test.ts builds the entities through a Lambda bundle and
// compares them with the real package's.

interface Schema {
  type?: string;
  /** Draft 3's `required: true` on a property, or draft 4's list of required properties. */
  required?: boolean | string[];
  properties?: Record<string, Schema>;
}

interface ValidationError {
  property: string;
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasType = (value: unknown, type: string | undefined) =>
  type === undefined ||
  type === 'any' ||
  (type === 'object' ? isObject(value) : type === 'array' ? Array.isArray(value) : typeof value === type);

function errorsOf(value: unknown, schema: Schema, property: string): ValidationError[] {
  if (!hasType(value, schema.type)) return [{ property, message: `is not of a type(s) ${schema.type}` }];
  if (!isObject(value)) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  const errors: ValidationError[] = required
    .filter((key) => value[key] === undefined)
    .map((key) => ({ property, message: `requires property "${key}"` }));
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const at = `${property}.${key}`;
    if (value[key] !== undefined) errors.push(...errorsOf(value[key], sub, at));
    else if (sub.required === true) errors.push({ property: at, message: 'is required' });
  }
  return errors;
}

export class Validator {
  /** electrodb registers its formats on the prototype; they are rules this stand-in does not check. */
  declare customFormats: Record<string, (input: unknown) => boolean>;

  addSchema(): void {}

  validate(instance: unknown, schema: Schema): { errors: ValidationError[] } {
    return { errors: errorsOf(instance, schema, 'instance') };
  }
}
Validator.prototype.customFormats = {};

export default { Validator };
