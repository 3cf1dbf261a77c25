import { describe, expect, it } from 'vitest';
import { composePasswordChangedNotice } from './post-confirmation';

const sender = { from: 'no-reply@reviewroute.example', helpEmail: 'help@reviewroute.example' };
const at = new Date('2026-11-26T05:10:00.000Z');

describe('the password-changed notice', () => {
  it("goes to the account's address in English, with how to get help", () => {
    const mail = composePasswordChangedNotice({ email: 'owner@bakery.example', locale: 'en' }, sender, at)!;
    expect(mail).toMatchObject({ to: 'owner@bakery.example', from: sender.from, replyTo: sender.helpEmail });
    expect(mail.subject).toBe('Your ReviewRoute password was changed');
    expect(mail.text).toContain('The password of your ReviewRoute account owner@bakery.example was changed.');
    expect(mail.text).toContain('email help@reviewroute.example');
    expect(mail.text).toContain('When: 26 Nov 2026, 06:10');
    expect(mail.text).toContain('Questions? Email us at help@reviewroute.example.');
  });

  it('in Dutch for a Dutch owner; nothing without an address', () => {
    const mail = composePasswordChangedNotice({ email: 'anna@bakkerij.example', locale: 'nl-NL' }, sender, at)!;
    expect(mail.subject).toBe('Je ReviewRoute-wachtwoord is gewijzigd');
    expect(mail.text).toContain('mail naar help@reviewroute.example');
    // The business's time, as the Dutch pages write it.
    expect(mail.text).toContain('Wanneer: 26 nov 2026, 06:10');
    expect(composePasswordChangedNotice({}, sender, at)).toBeUndefined();
  });

  it('has a button to the security settings when the site is known, and none without it', () => {
    const site = { ...sender, siteOrigin: 'https://reviewroute.example' };
    const mail = composePasswordChangedNotice({ email: 'anna@bakkerij.example', locale: 'nl' }, site, at)!;
    const url = 'https://reviewroute.example/nl/account?tab=security';
    expect(mail.text).toContain(`Bekijk je beveiligingsinstellingen: ${url}\n`);
    expect(mail.html).toContain(`<a href="${url}" style="display:inline-block;`);
    const without = composePasswordChangedNotice({ email: 'anna@bakkerij.example', locale: 'nl' }, sender, at)!;
    expect(without.text).not.toContain('beveiligingsinstellingen:');
    expect(without.html).not.toContain('display:inline-block;padding:12px');
  });
});
