// Stands in for the `jsonschema` package in Lambda bundles. electrodb uses it for one thing: checking each
// entity's model against its JSON schema when the entity is built, which throws only for a malformed model.
// Our models are fixed at build time and that check runs on every `new Entity` in the unit tests
// (functions/src/data/entities.test.ts, unbundled, with the real package), so in Lambda it could only ever
// pass; the validator is about 28 KB minified in every bundle with the table.
class Validator {
  addSchema(): void {}
  validate(): { errors: never[] } {
    return { errors: [] };
  }
}
// electrodb registers its custom formats on the prototype before it builds a validator.
(Validator.prototype as { customFormats?: object }).customFormats = {};

export { Validator };
