import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { accountExportSchema, pathOf } from '@reviewroute/shared';
import { sampleResponse } from '@reviewroute/shared/testing';
import { createDynamoResponseStore, responseIdOf } from '@reviewroute/functions/data/response-store';
import { downloadedBytes, expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { createConfirmedUser, signIn, signInRefusal } from '../support/cognito';
import { signInThroughUi, texts, type Lang } from '../support/app-flows';
import { callApi, createSampleSurvey, stackEntities } from '../support/api';

const stack = inject('localStack');
const artifacts = path.resolve(import.meta.dirname, '../.artifacts');

/** Visible texts of /account, exactly as web/src/locales/{en,nl}/account.json have them. */
const accountTexts = {
  en: {
    locale: 'en-US',
    tabs: { profile: 'Profile', security: 'Security', billing: 'Billing', danger: 'Danger zone' },
    fullName: 'Full name',
    phone: 'Phone',
    businessName: 'Business name',
    industry: 'Industry',
    address: 'Business address',
    save: 'Save changes',
    saved: 'Profile updated successfully.',
    download: 'Download my data',
    deleteAccount: 'Delete account',
    emailLabel: 'Type your e-mail address',
    passwordLabel: 'Your password',
    wrongPassword: 'The password is not correct.',
    confirmDelete: 'Delete my account',
    kept: 'What we keep: your invoices, for 7 years from their date, because Dutch tax law requires',
  },
  nl: {
    locale: 'nl-NL',
    tabs: { profile: 'Profiel', security: 'Beveiliging', billing: 'Facturering', danger: 'Gevarenzone' },
    fullName: 'Volledige naam',
    phone: 'Telefoon',
    businessName: 'Bedrijfsnaam',
    industry: 'Branche',
    address: 'Bedrijfsadres',
    save: 'Wijzigingen opslaan',
    saved: 'Profiel bijgewerkt.',
    download: 'Mijn gegevens downloaden',
    deleteAccount: 'Account verwijderen',
    emailLabel: 'Typ je e-mailadres',
    passwordLabel: 'Je wachtwoord',
    wrongPassword: 'Het wachtwoord klopt niet.',
    confirmDelete: 'Mijn account verwijderen',
    kept: 'Wat we bewaren: je facturen, 7 jaar vanaf hun datum, omdat de Nederlandse belastingwet',
  },
} as const;

for (const lang of ['en', 'nl'] as const satisfies Lang[]) {
  const t = texts[lang];
  const a = accountTexts[lang];

  describe(`/account (${lang})`, () => {
    const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 }, locale: a.locale });

    it(
      'switches tabs with tab= in the URL, with no axe violations at 1280 and 390 px',
      { timeout: 120_000 },
      async () => {
        const page = b.page();
        await signInThroughUi(page, lang);
        await page.goto(`${t.prefix}/account`);
        await page.getByLabel(a.fullName).waitFor();
        await mkdir(artifacts, { recursive: true });
        // Profile last: it is the tab shown first, so clicking it first would change nothing.
        for (const tab of ['security', 'billing', 'danger', 'profile'] as const) {
          const name = a.tabs[tab];
          await page.getByRole('tab', { name }).click();
          // The tab replaces the address in place (no navigation to wait for).
          await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe(tab);
          await expect.poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
          for (const width of [1280, 390]) {
            await page.setViewportSize({ width, height: 900 });
            await expectNoAxeViolations(page);
          }
          await page.setViewportSize({ width: 360, height: 800 });
          await saveScreenshot(page, path.join(artifacts, `account-${tab}-${lang}-360.png`), { fullPage: true });
          await page.setViewportSize({ width: 1280, height: 900 });
          await saveScreenshot(page, path.join(artifacts, `account-${tab}-${lang}-1280.png`), { fullPage: true });
        }
        // A linked tab opens directly.
        await page.goto(`${t.prefix}/account?tab=danger`);
        await page.getByRole('button', { name: a.deleteAccount }).waitFor();
      },
    );

    it('saves the profile, which a reload shows again', { timeout: 60_000 }, async () => {
      const page = b.page();
      await signInThroughUi(page, lang);
      await page.goto(`${t.prefix}/account?tab=profile`);
      const save = page.getByRole('button', { name: a.save });
      await page.getByLabel(a.fullName).waitFor();
      expect(await save.isDisabled()).toBe(true);
      await page.getByLabel(a.fullName).fill('Bea Baker');
      await page.getByLabel(a.phone).fill('+31 6 1234 5678');
      await page.getByLabel(a.businessName).fill('Corner Bakery');
      await page.getByLabel(a.industry).fill('Bakery');
      await page.getByLabel(a.address).fill('Main Street 1, Utrecht');
      await save.click();
      await page.getByText(a.saved).waitFor();
      await page.reload();
      await expect.poll(() => page.getByLabel(a.fullName).inputValue()).toBe('Bea Baker');
      expect(await page.getByLabel(a.address).inputValue()).toBe('Main Street 1, Utrecht');
      expect(await page.getByRole('button', { name: a.save }).isDisabled()).toBe(true);
    });

    it(
      'downloads the data, then deletes the account: signed out on /, no sign-in again',
      { timeout: 90_000 },
      async () => {
        const page = b.page();
        const owner = await createConfirmedUser(stack);
        const user = { ...owner, tokens: await signIn(stack, owner.email, owner.password) };
        const survey = await createSampleSurvey(user, `Export Bakery ${lang}`);
        // A customer's answer the owner marked handled and noted in the inbox: the file keeps both.
        const response = sampleResponse({ id: responseIdOf(survey.id, randomUUID()), surveyId: survey.id });
        await createDynamoResponseStore(stackEntities).submit({ response, clickTokenHash: `hash-${response.id}` });
        const inbox = { surveyId: survey.id };
        const marked = await callApi('POST', pathOf('set-inbox-state', inbox), {
          user,
          body: { ids: [response.id], state: 'handled' },
        });
        expect(marked.status).toBe(200);
        const noted = await callApi('PUT', pathOf('set-inbox-note', { ...inbox, responseId: response.id }), {
          user,
          body: { note: 'Called back' },
        });
        expect(noted.status).toBe(200);
        await signInThroughUi(page, lang, owner);
        await page.goto(`${t.prefix}/account?tab=danger`);

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: a.download }).click(),
        ]);
        const exported = accountExportSchema.parse(JSON.parse((await downloadedBytes(download)).toString('utf8')));
        expect(exported.surveys.map((s) => s.id)).toEqual([survey.id]);
        expect(exported.surveys[0]!.businessName).toBe(`Export Bakery ${lang}`);
        expect(exported.surveys[0]!.responses).toEqual([{ ...response, state: 'handled', note: 'Called back' }]);

        await page.getByRole('button', { name: a.deleteAccount }).click();
        const dialog = page.getByRole('alertdialog');
        const confirm = dialog.getByRole('button', { name: a.confirmDelete });
        expect(await confirm.isDisabled()).toBe(true);
        // Decisions 24: before confirming, the owner reads what outlives the account, why and for how long.
        expect(await dialog.getByTestId('delete-kept').textContent()).toContain(a.kept);
        await dialog.getByLabel(a.emailLabel).fill('someone-else@example.com');
        expect(await confirm.isDisabled()).toBe(true);
        await expectNoAxeViolations(page);
        await mkdir(artifacts, { recursive: true });
        await page.setViewportSize({ width: 360, height: 800 });
        await saveScreenshot(page, path.join(artifacts, `account-delete-dialog-${lang}-360.png`));
        await page.setViewportSize({ width: 1280, height: 900 });
        await dialog.getByLabel(a.emailLabel).fill(owner.email);
        // The address alone is not enough, and a wrong password is refused at its field: nothing is deleted.
        expect(await confirm.isDisabled()).toBe(true);
        await dialog.getByLabel(a.passwordLabel).fill('Wr0ng-password!');
        await confirm.click();
        await dialog.getByText(a.wrongPassword).waitFor();
        expect(await dialog.getByLabel(a.passwordLabel).getAttribute('aria-invalid')).toBe('true');
        await expectNoAxeViolations(page);
        await dialog.getByLabel(a.passwordLabel).fill(owner.password);
        await confirm.click();
        await page.waitForURL((url) => url.pathname === (t.prefix || '/'));
        // Signed out: the guarded page sends the visitor to sign in.
        await page.goto(`${t.prefix}/account`);
        await page.waitForURL((url) => url.pathname === `${t.prefix}/auth`);

        expect(await signInRefusal(stack, owner)).toMatch(/NotAuthorizedException|UserNotFoundException/);
      },
    );
  });
}
