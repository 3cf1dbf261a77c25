import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as shared from './index';

/**
 * No request field can make validation do more than a glance at an oversized value: every string is
 * length-checked first, and the check stops there, so no pattern, refinement or transform ever runs on
 * a megabyte. Every zod schema shared exports counts as request input unless it is listed below as a
 * description of what the API (or the site's host) answers, so a new request schema is covered as it is.
 */
const answerSchemas = new Set<z.ZodType>([
  shared.emailChangeStartedSchema,
  shared.emailChangeConfirmedSchema,
  shared.twoFactorSecretSchema,
  shared.twoFactorStateSchema,
  shared.recoveryCodesSchema,
  shared.recoveryCodesStatusSchema,
  shared.signInRecoveredSchema,
  shared.accountDeleteResponseSchema,
  shared.alertLinkResponseSchema,
  shared.accountExportPageSchema,
  shared.accountExportSchema,
  shared.accountSummarySchema,
  shared.exportedResponseSchema,
  shared.appConfigSchema,
  shared.createPaymentResponseSchema,
  shared.errorBodySchema,
  shared.feedbackItemSchema,
  shared.healthResponseSchema,
  shared.meResponseSchema,
  shared.onboardingSchema,
  shared.paymentListSchema,
  shared.paymentSchema,
  shared.placeSearchResponseSchema,
  shared.placeSearchResultSchema,
  shared.startResponseResultSchema,
  shared.contactFormTokenSchema,
  shared.profileSchema,
  shared.publicSurveySchema,
  shared.submitResponseResultSchema,
  shared.surveyListItemSchema,
  shared.surveyListResponseSchema,
  shared.surveyListingSchema,
  shared.surveySchema,
  shared.surveyStatsSchema,
  shared.uploadTicketSchema,
  shared.requestBatchSchema,
  shared.requestBatchPageSchema,
  shared.requestRecipientSchema,
  shared.requestRecipientPageSchema,
  shared.exportedRequestRecipientSchema,
  shared.exportedSuppressionSchema,
  shared.surveyInsightsSchema,
  shared.weekInsightSchema,
  shared.inboxItemSchema,
  shared.inboxPageSchema,
  shared.inboxNoteSavedSchema,
  shared.websiteConsentSchema,
  shared.responseEvidenceSchema,
  shared.hiddenFromWebsiteSchema,
  shared.exportStartedSchema,
  shared.exportJobSchema,
  shared.hookRequestResultSchema,
  shared.requestHookSchema,
  shared.requestHookStateSchema,
  shared.requestHookCreatedSchema,
  shared.requestSendingSchema,
  shared.widgetCommentSchema,
  shared.surveyWidgetSchema,
]);

/**
 * Fields that drop what they cannot use instead of refusing the request (a review request's token riding
 * along a rating: the rating counts whatever the link). For them "refused" means "dropped": the output
 * lacks the field.
 */
const droppedFields = new Set(['submitResponseSchema.requestToken', 'reviewClickSchema.requestToken']);

const valueAt = (data: unknown, path: string[]): unknown =>
  path.reduce<unknown>((inner, key) => (inner as Record<string, unknown> | undefined)?.[key], data);

const requestSchemas = Object.entries(shared as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType && !answerSchemas.has(entry[1]),
);

const megabyte = 1024 * 1024;
const fill = (head: string, unit: string, tail = '') =>
  head + unit.repeat((megabyte - head.length - tail.length) / unit.length) + tail;

/** A megabyte each, shaped like what the patterns look for, the crafted e-mail among them. */
const hugeValues: Record<string, string> = {
  letters: fill('', 'a'),
  'crafted e-mail': fill('a@', '.', '@'),
  'e-mail without an end': fill('a@b.', 'c'),
  'review link': fill('https://search.google.com/local/writereview?placeid=', 'x'),
  'share link': fill('https://g.page/r/', 'x', '/review'),
  colour: fill('#', 'f'),
  'uuid-like': fill('', '0123abcd-'),
};

/** The path of every leaf field of a schema ([] for a schema that is one field), through wrappers. */
function fieldPaths(schema: z.ZodType, path: string[] = []): string[][] {
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      fieldPaths(field, [...path, key]),
    );
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return fieldPaths(schema.unwrap() as z.ZodType, path);
  if (schema instanceof z.ZodPipe) return fieldPaths(schema.in as z.ZodType, path);
  return [path];
}

/** `{ a: { b: value } }` for the path [a, b]; the value itself for []. */
const inputWith = (path: string[], value: string): unknown =>
  path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);

/**
 * One character class and nothing else, a scan for one character (zod's code-point count runs one on
 * an overlong string). Told apart without a regular expression, as it runs inside the patched methods.
 */
const isOneCharacterScan = (source: string) => source.startsWith('[') && source.indexOf(']') === source.length - 1;

/** The longest string a pattern (anything more than a one-character scan) was run on while `work` ran. */
function longestPatternInput(work: () => void): number {
  const { test, exec } = RegExp.prototype;
  let longest = 0;
  const note = (pattern: RegExp, input: unknown) => {
    if (typeof input === 'string' && !isOneCharacterScan(pattern.source)) longest = Math.max(longest, input.length);
  };
  RegExp.prototype.test = function (this: RegExp, input: string) {
    note(this, input);
    return test.call(this, input);
  };
  RegExp.prototype.exec = function (this: RegExp, input: string) {
    note(this, input);
    return exec.call(this, input);
  };
  try {
    work();
  } finally {
    RegExp.prototype.test = test;
    RegExp.prototype.exec = exec;
  }
  return longest;
}

/**
 * The least wall time `work` took over three runs, in ms: a busy machine can pause any single run, but not
 * every one, so the bound below stays a complexity guard (a backtracking pattern takes seconds every time).
 */
function leastMs(work: () => void): number {
  let least = Infinity;
  for (let run = 0; run < 3; run += 1) {
    const started = Date.now();
    work();
    least = Math.min(least, Date.now() - started);
  }
  return least;
}

describe('request schemas and oversized strings', () => {
  it('sees the request schemas (the list above only exempts answers)', () => {
    const names = requestSchemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'submitResponseSchema',
        'contactRequestSchema',
        'surveyUpdateSchema',
        'supportEmailField',
      ]),
    );
  });

  for (const [name, schema] of requestSchemas) {
    for (const path of fieldPaths(schema)) {
      it(`${name}${path.length ? ` .${path.join('.')}` : ''} refuses a 1 MB string at once, before any pattern`, () => {
        for (const [shape, value] of Object.entries(hugeValues)) {
          let result: ReturnType<typeof schema.safeParse> | undefined;
          let longest = 0;
          const spent = leastMs(() => {
            longest = longestPatternInput(() => {
              result = schema.safeParse(inputWith(path, value));
            });
          });
          // A complexity guard, not a benchmark: a backtracking pattern takes seconds here.
          expect(spent, shape).toBeLessThan(50);
          if (droppedFields.has(`${name}.${path.join('.')}`)) {
            expect(result!.success ? valueAt(result!.data, path) : undefined, shape).toBeUndefined();
          } else {
            expect(result!.success, shape).toBe(false);
            expect(
              result!.error!.issues.map((issue) => issue.path.join('.')),
              shape,
            ).toContain(path.join('.'));
          }
          expect(longest, `a pattern ran on the ${shape}`).toBeLessThan(1024);
        }
      });
    }
  }
});

describe('the e-mail pattern', () => {
  const { simpleEmailPattern } = shared;

  it('keeps the spec’s simple form: something@something.tld, no spaces', () => {
    for (const ok of ['a@b.co', 'joe+tag@example.com', "o'brien@mail.example.ie", 'josé@exämple.nl'])
      expect(simpleEmailPattern.test(ok), ok).toBe(true);
    for (const bad of ['joe@', 'a@b', 'a b@c.de', '@b.co', 'a@@b.co', 'a@.b.co', 'a@b.'])
      expect(simpleEmailPattern.test(bad), bad).toBe(false);
  });

  it('refuses what would change a mailto: link or a mail header', () => {
    for (const bad of [
      'x@y.z?cc=a%40evil.com',
      'x@y.z&cc=a@evil.com',
      'x@y.z,a@evil.com',
      'x@y.z;a@evil.com',
      'x@y.z#x',
      'x%40y@z.com',
      '"x"@y.z',
      'x@y.z\u0000',
      'x@y.z\u202e',
      'x@y.z\r\nBcc: a@evil.com',
    ])
      expect(simpleEmailPattern.test(bad), JSON.stringify(bad)).toBe(false);
  });

  it('stays linear on the crafted address that made the old one backtrack for seconds', () => {
    const n = 128_000;
    for (const value of [
      'a@' + '.'.repeat(n) + '@',
      'a'.repeat(n),
      'a@' + 'b.'.repeat(n) + '@',
      `a@b.${'c'.repeat(n)} `,
    ]) {
      let matched = true;
      const spent = leastMs(() => {
        matched = simpleEmailPattern.test(value);
      });
      expect(matched).toBe(false);
      expect(spent).toBeLessThan(50);
    }
  });
});
