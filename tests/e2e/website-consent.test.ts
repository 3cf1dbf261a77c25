import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inboxPageSchema, pathOf, type Survey } from '@reviewroute/shared';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { createConfirmedUser, signIn, type TestUser } from '../support/cognito';
import { signInThroughUi } from '../support/app-flows';
import { callApi, createSampleSurvey, publishSurvey, type ApiUser } from '../support/api';
import { phoneContext } from '../support/phone';

const stack = inject('localStack');

/**
 * Decisions 27 as a customer and an owner meet it: on the public page, after a rating, the customer ticks the box
 * that allows their review on the business's website and chooses initials; the owner's inbox shows that consent
 * (the name as it would be shown) and how the response was invited, and takes it off the website for a reason.
 * Texts exactly as web/src/locales/{en,nl}/{survey,inbox}.json have them.
 */
const texts = {
  en: {
    prefix: '',
    star5: '5 stars',
    comment: 'Your comment (optional)',
    consent: (business: string) => `Show my rating and comment on the website of ${business}`,
    initials: 'Initials',
    name: 'Your name',
    shownAs: 'Shown as: A.d.V.',
    submit: 'Submit feedback',
    thanks: 'Thank you!',
    inbox: 'Feedback inbox',
    evidence: 'Came through the public link or QR code · only 5-star ratings were offered the public review',
    allowed: 'May be shown on your website as “A.d.V.”',
    hide: 'Not shown on website',
    reason: 'Holds personal data',
    hidden: 'Not shown on your website: it holds personal data',
  },
  nl: {
    prefix: '/nl',
    star5: '5 sterren',
    comment: 'Je opmerking (optioneel)',
    consent: (business: string) => `Toon mijn beoordeling en opmerking op de website van ${business}`,
    initials: 'Initialen',
    name: 'Je naam',
    shownAs: 'Getoond als: A.d.V.',
    submit: 'Feedback versturen',
    thanks: 'Bedankt!',
    inbox: 'Feedback-inbox',
    evidence: 'Via de openbare link of QR-code · alleen bij 5 sterren werd de openbare review aangeboden',
    allowed: 'Mag op je website getoond worden als ‘A.d.V.’',
    hide: 'Niet tonen op website',
    reason: 'Bevat persoonsgegevens',
    hidden: 'Niet getoond op je website: bevat persoonsgegevens',
  },
} as const;
type Lang = keyof typeof texts;

const shot = (page: Page, name: string) => saveScreenshot(page, `tests/.artifacts/${name}.png`, { fullPage: true });

async function publishedSurvey(owner: TestUser, lang: Lang): Promise<{ survey: Survey; user: ApiUser }> {
  const user = { ...owner, tokens: await signIn(stack, owner.email, owner.password) };
  const created = await createSampleSurvey(user, `Bakkerij Toon ${lang.toUpperCase()}`, { language: lang });
  return { survey: await publishSurvey(user, created.id), user };
}

describe.each(['en', 'nl'] as const)('website consent and evidence (%s)', (lang) => {
  const t = texts[lang];
  const b = useBrowser(phoneContext);

  it('a customer allows their review with initials; the owner sees it and how they came, and withdraws it', async () => {
    const owner = await createConfirmedUser(stack);
    const { survey, user } = await publishedSurvey(owner, lang);
    const page = b.page();

    await page.goto(new URL(survey.landingPageUrl!).pathname);
    await page.getByRole('heading', { level: 1, name: survey.businessName }).waitFor();
    // The box appears only after a rating, unticked.
    const consent = page.getByRole('checkbox', { name: t.consent(survey.businessName) });
    expect(await consent.count()).toBe(0);
    await page.getByRole('radio', { name: t.star5, exact: true }).check();
    expect(await consent.isChecked()).toBe(false);
    await page.getByLabel(t.comment).fill('Het brood was heerlijk vers.');
    await consent.check();
    await page.getByRole('radio', { name: t.initials, exact: true }).check();
    await page.getByLabel(t.name, { exact: true }).fill('Anna de Vries');
    await page.getByText(t.shownAs).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, `website-consent-390-${lang}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, `website-consent-1280-${lang}`);
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByRole('heading', { name: t.thanks }).waitFor();

    // The inbox index is eventually consistent: the page is opened once the response is in it.
    await expect
      .poll(
        async () =>
          inboxPageSchema.parse((await callApi('GET', pathOf('list-inbox', { surveyId: survey.id }), { user })).body)
            .items.length,
        { timeout: 15_000 },
      )
      .toBe(1);
    await signInThroughUi(page, lang, owner);
    await page.goto(`${t.prefix}/inbox?survey=${survey.id}`);
    await page.getByRole('heading', { name: t.inbox, level: 1 }).waitFor();
    const item = page.getByTestId('inbox-item');
    await item.waitFor();
    expect(await item.getByTestId('inbox-evidence').innerText()).toBe(t.evidence);
    await item.getByText(t.allowed).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, `website-consent-inbox-1280-${lang}`);
    await page.setViewportSize(phoneContext.viewport);
    await shot(page, `website-consent-inbox-390-${lang}`);

    await item.getByRole('button', { name: t.hide }).click();
    await page.getByRole('menuitem', { name: t.reason }).click();
    await expect.poll(() => item.getByTestId('inbox-website').innerText()).toBe(t.hidden);
    expect(await item.getByRole('button', { name: t.hide }).count()).toBe(0);
    // It stays hidden when read again.
    await page.reload();
    await expect.poll(() => page.getByTestId('inbox-website').innerText(), { timeout: 15_000 }).toBe(t.hidden);
  });
});
