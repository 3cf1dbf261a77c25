import { describe, expect, it } from 'vitest';
import { languages } from '@reviewroute/shared';
import { languageName, mailCatalogues, renderMail } from './render';
import { mailTemplates, type MailTemplateId, type MailTemplateSpec } from './templates';

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
        // A button's label exactly where the template names its action's URL.
        const action = (mailTemplates[id] as MailTemplateSpec).action;
        expect(entry.action, `${language} ${id}`).toEqual(action ? expect.any(String) : undefined);
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
    expect(mail.html).toMatch(/Je herstelcode is <strong class="rr-code" style="[^"]*">123456<\/strong>\./);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="nl">/);
    expect(mail.text).not.toMatch(/[<>]/);
  });

  it('escapes every value in the HTML part, and nothing in the text part', () => {
    const mail = renderMail('contactMessage', 'en', {
      values: {
        subject: '<script>x</script>',
        name: '"Anna" & co',
        email: 'a@example.com',
        replyUrl: 'mailto:a@example.com',
      },
      fields: { name: '"Anna" & co', company: '<b>Bakery</b>' },
      quote: 'Hi <i>there</i>\n\nAnna',
    });
    expect(mail.subject).toBe('[ReviewRoute contact] <script>x</script> ("Anna" & co)');
    expect(mail.html).not.toMatch(/<script>|<b>|<i>/);
    expect(mail.html).toContain(
      '<title>[ReviewRoute contact] &lt;script&gt;x&lt;/script&gt; (&quot;Anna&quot; &amp; co)</title>',
    );
    expect(mail.html).toMatch(/<td style="[^"]*">&lt;b&gt;Bakery&lt;\/b&gt;<\/td>/);
    expect(mail.html).toContain('Hi &lt;i&gt;there&lt;/i&gt;\n\nAnna</div>');
    expect(mail.text).toContain('Company: <b>Bakery</b>\n');
    expect(mail.text).toContain('Hi <i>there</i>\n\nAnna');
    expect(mail.text).toContain('Reply to this mail to answer "Anna" & co at a@example.com.');
  });

  it('fills each value in once, even a value that looks like a placeholder', () => {
    // The HTML part marks values as private-use characters first: a value made of such a mark stays as it is.
    const lookalike = '\uE0001\uE001';
    const mail = renderMail('invitation', 'en', { values: { username: lookalike, code: '{####}' } });
    expect(mail.html).toMatch(
      new RegExp(
        `<strong>${lookalike}</strong> and your temporary password is <strong class="rr-code"[^>]*>\\{####\\}</strong>`,
      ),
    );
    expect(mail.text).toContain(`Your user name is ${lookalike} and`);
  });

  it("sets the fields in the template's order, leaving out empty ones", () => {
    const mail = renderMail('contactMessage', 'en', {
      values: { subject: 's', name: 'n', email: 'e@example.com', replyUrl: 'mailto:e@example.com' },
      fields: { received: 'today', name: 'n', company: '' },
    });
    expect(mail.text).toContain('Name: n\nReceived: today\n');
    expect(mail.text).not.toContain('Company');
  });

  const withAction = templateIds.filter((id) => (mailTemplates[id] as MailTemplateSpec).action);

  it('gives the mails with a link their action: the primary mails of every kind', () => {
    expect(withAction).toEqual(
      expect.arrayContaining([
        'reviewRequest',
        'reviewReminder',
        'lowRatingAlert',
        'lowRatingDigest',
        'paymentConfirmation',
        'requestsPaused',
        'requestsPausedAgain',
        'contactMessage',
        'passwordChanged',
        'twoFactorDisabled',
        'emailChanged',
        'recoveryCodeUsed',
        'recoveryCodesRegenerated',
        'signInRecovered',
      ]),
    );
  });

  it.each(languages.flatMap((language) => withAction.map((id) => [language, id] as const)))(
    '%s %s: the action as a button of at least 44 px in the HTML part and as its link in the text part',
    (language, id) => {
      const spec = mailTemplates[id] as MailTemplateSpec;
      const url = `https://reviewroute.example/${'long-path/'.repeat(12)}?r=${'x'.repeat(46)}&a=1`;
      const values = Object.fromEntries(spec.values.map((name) => [name, name === spec.action ? url : name]));
      const mail = renderMail(id, language, { values } as never);
      const label = (mailCatalogues[language].templates[id] as { action: string }).action.replace('{{name}}', 'name');
      expect(mail.text).toContain(`\n\n${label}: ${url}\n`);
      const html = mail.html.replace(/&amp;/g, '&');
      const button = new RegExp(
        `<td align="center" bgcolor="#0f766e"[^>]*><a href="${url.replace(/[.?]/g, '\\$&')}" style="([^"]*)">${label}</a></td>`,
      ).exec(html);
      expect(button, 'a table-cell button').not.toBeNull();
      // 12 px padding above and below a 20 px line and a 1 px border: 46 px.
      expect(button![1]).toMatch(/display:inline-block;padding:12px 24px;border:1px solid #0f766e;.*line-height:20px/);
      // The button's URL appears once more at most: no raw address in the body beside it.
      expect(html.split(url).length - 1).toBe(1);
    },
  );

  it('makes links of the URLs in its texts, and lets long words wrap within a 390 px card', () => {
    const mail = renderMail('lowRatingAlert', 'en', {
      values: {
        businessName: 'Bakery',
        rating: '1',
        inboxUrl: 'https://reviewroute.example/inbox?survey=s1',
        switchOffUrl: 'https://reviewroute.example/alerts/abc',
        helpEmail: 'help@reviewroute.example',
      },
      fields: { customerEmail: `${'a'.repeat(60)}@customer.example` },
      quote: 'x'.repeat(200),
    });
    expect(mail.html).toContain(
      'Turn them off with one click: <a href="https://reviewroute.example/alerts/abc" class="rr-link" style="color:#0f766e;text-decoration:underline;word-break:break-all;overflow-wrap:anywhere">https://reviewroute.example/alerts/abc</a>',
    );
    expect(mail.html).toMatch(/<td style="padding:4px 0;overflow-wrap:anywhere;word-break:break-word">a{60}@/);
    expect(mail.html).toMatch(
      /<div class="rr-rule" style="white-space:pre-wrap;[^"]*overflow-wrap:anywhere[^"]*">x{200}<\/div>/,
    );
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(mail.html).toContain('@media (prefers-color-scheme:dark)');
  });

  it('leaves the links of a visitor’s message and of any typed value as text', () => {
    const mail = renderMail('contactMessage', 'en', {
      values: {
        subject: 'https://phishing.example/subject',
        name: 'https://phishing.example/name',
        email: 'e@example.com',
        replyUrl: 'mailto:e@example.com',
      },
      quote: 'See https://phishing.example/login',
    });
    expect(mail.html).not.toContain('href="https://phishing.example');
    expect(mail.html).toContain('<a href="mailto:e@example.com"');
  });

  it('names languages in the language of the mail', () => {
    expect(languageName('nl', 'en')).toBe('Dutch');
    expect(languageName('en', 'nl')).toBe('Engels');
  });
});
