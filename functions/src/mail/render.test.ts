import { describe, expect, it } from 'vitest';
import { languages } from '@reviewroute/shared';
import { languageName, mailCatalogues, renderMail } from './render';
import { mailTemplates, type MailTemplateId } from './templates';

const templateIds = Object.keys(mailTemplates) as MailTemplateId[];

/** Every key path of a catalogue, arrays by index. */
const keysOf = (value: unknown, prefix = ''): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

/** The value names a catalogue text interpolates (`{{code, strong}}` -> code). */
const placeholdersOf = (text: string) => [...text.matchAll(/\{\{\s*([\w]+)/g)].map((m) => m[1]!);

describe('mail catalogues', () => {
  it('have the same keys in every language', () => {
    const english = keysOf(mailCatalogues.en).sort();
    for (const language of languages) expect(keysOf(mailCatalogues[language]).sort()).toEqual(english);
  });

  it('hold exactly the templates of the template list, each with its texts and field labels', () => {
    for (const language of languages) {
      const templates = mailCatalogues[language].templates as Record<string, Record<string, unknown>>;
      expect(Object.keys(templates).sort()).toEqual([...templateIds].sort());
      for (const id of templateIds) {
        const entry = templates[id]!;
        expect(entry.subject, `${language} ${id}`).toEqual(expect.any(String));
        expect(entry.heading, `${language} ${id}`).toEqual(expect.any(String));
        expect(entry.paragraphs, `${language} ${id}`).toEqual(expect.any(Array));
        const fields = (mailTemplates[id] as { fields?: readonly string[] }).fields ?? [];
        expect(Object.keys((entry.fields as object | undefined) ?? {}).sort()).toEqual([...fields].sort());
      }
    }
  });

  it('interpolate only the values their template declares', () => {
    for (const language of languages) {
      const templates = mailCatalogues[language].templates as Record<string, unknown>;
      for (const id of templateIds) {
        const used = keysOf(templates[id]).flatMap((key) => {
          const text = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], templates[id]);
          return placeholdersOf(String(text));
        });
        expect(mailTemplates[id].values, `${language} ${id}`).toEqual(expect.arrayContaining(used));
      }
    }
  });
});

describe('renderMail', () => {
  it('writes the text and the HTML part from the same texts, in the chosen language', () => {
    const mail = renderMail('passwordResetCode', 'nl', { values: { code: '123456' } });
    expect(mail.subject).toBe('Je ReviewRoute-code om je wachtwoord te herstellen');
    expect(mail.text).toContain('Herstel je wachtwoord\n\nJe herstelcode is 123456.\n\n');
    expect(mail.html).toContain('<h1 style="margin:0 0 16px;font-size:20px">Herstel je wachtwoord</h1>');
    expect(mail.html).toContain('Je herstelcode is <strong>123456</strong>.');
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="nl">/);
    expect(mail.text).not.toMatch(/[<>]/);
  });

  it('escapes every value in the HTML part, and nothing in the text part', () => {
    const mail = renderMail('contactMessage', 'en', {
      values: { subject: '<script>x</script>', name: '"Anna" & co', email: 'a@example.com' },
      fields: { name: '"Anna" & co', company: '<b>Bakery</b>' },
      quote: 'Hi <i>there</i>\n\nAnna',
    });
    expect(mail.subject).toBe('[ReviewRoute contact] <script>x</script> ("Anna" & co)');
    expect(mail.html).not.toMatch(/<script>|<b>|<i>/);
    expect(mail.html).toContain(
      '<title>[ReviewRoute contact] &lt;script&gt;x&lt;/script&gt; (&quot;Anna&quot; &amp; co)</title>',
    );
    expect(mail.html).toContain('<td style="padding:4px 0">&lt;b&gt;Bakery&lt;/b&gt;</td>');
    expect(mail.html).toContain('Hi &lt;i&gt;there&lt;/i&gt;\n\nAnna</div>');
    expect(mail.text).toContain('Company: <b>Bakery</b>\n');
    expect(mail.text).toContain('Hi <i>there</i>\n\nAnna');
    expect(mail.text).toContain('Reply to this mail to answer "Anna" & co at a@example.com.');
  });

  it('fills each value in once, even a value that looks like a placeholder', () => {
    // The HTML part marks values as private-use characters first: a value made of such a mark stays as it is.
    const lookalike = '\uE0001\uE001';
    const mail = renderMail('invitation', 'en', { values: { username: lookalike, code: '{####}' } });
    expect(mail.html).toContain(`<strong>${lookalike}</strong> and your temporary password is <strong>{####}</strong>`);
    expect(mail.text).toContain(`Your user name is ${lookalike} and`);
  });

  it("sets the fields in the template's order, leaving out empty ones", () => {
    const mail = renderMail('contactMessage', 'en', {
      values: { subject: 's', name: 'n', email: 'e@example.com' },
      fields: { received: 'today', name: 'n', company: '' },
    });
    expect(mail.text).toContain('Name: n\nReceived: today\n');
    expect(mail.text).not.toContain('Company');
  });

  it('names languages in the language of the mail', () => {
    expect(languageName('nl', 'en')).toBe('Dutch');
    expect(languageName('en', 'nl')).toBe('Engels');
  });
});
