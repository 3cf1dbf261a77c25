import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { surveySchema, type Survey } from '@reviewroute/shared';
import { callOwnerApi, createSampleSurvey } from '../support/api';
import { expectNoAxeViolations, newContext, saveScreenshot, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { signInThroughUi, texts, waitForPath, type Lang } from '../support/app-flows';

/** The texts these flows read, exactly as the catalogues have them. */
const draftTexts = {
  en: {
    stepsNav: 'Setup steps',
    steps: ['Business information', 'Landing page', 'Review routing', 'Share your survey'],
    businessName: 'Business name',
    ownerName: 'Owner name',
    googleUrl: 'Google review page URL',
    supportEmail: 'Support email',
    customPrompt: 'Question for your customers',
    primaryHex: 'Primary color (hex)',
    next: 'Next',
    saveForLater: 'Save for later',
    completeSetup: 'Complete setup',
    createSurvey: 'Create new survey',
    closeToast: 'Close notification',
    savedTitle: 'Progress saved!',
    createdTitle: 'Survey created successfully!',
    errorTitle: 'Error',
    surveyChanged:
      'This survey was changed in another tab or on another device after you opened it. Your changes were not saved: you now see the saved version.',
    conflictTitle: 'This survey was changed elsewhere',
    useMine: 'Use my changes',
    discardMine: 'Discard my changes',
    finishSetup: 'Finish setup',
    viewLanding: 'View landing page',
    setupRequired: 'Survey setup required',
    completeSetupDialog: 'Complete setup',
  },
  nl: {
    stepsNav: 'Stappen',
    steps: ['Bedrijfsgegevens', 'Landingspagina', 'Reviewroutering', 'Enquête delen'],
    businessName: 'Bedrijfsnaam',
    ownerName: 'Naam eigenaar',
    googleUrl: 'URL van je Google-reviewpagina',
    supportEmail: 'Support-e-mailadres',
    customPrompt: 'Vraag aan je klanten',
    primaryHex: 'Hoofdkleur (hex)',
    next: 'Volgende',
    saveForLater: 'Later afmaken',
    completeSetup: 'Instellen voltooien',
    createSurvey: 'Nieuwe enquête maken',
    closeToast: 'Melding sluiten',
    savedTitle: 'Voortgang opgeslagen!',
    createdTitle: 'Enquête aangemaakt!',
    errorTitle: 'Fout',
    surveyChanged:
      'Deze enquête is gewijzigd in een ander tabblad of op een ander apparaat nadat je hem opende. Je wijzigingen zijn niet opgeslagen: je ziet nu de opgeslagen versie.',
    conflictTitle: 'Deze enquête is elders gewijzigd',
    useMine: 'Mijn wijzigingen gebruiken',
    discardMine: 'Mijn wijzigingen weggooien',
    finishSetup: 'Instellingen afronden',
    viewLanding: 'Landingspagina bekijken',
    setupRequired: 'Enquête nog niet ingesteld',
    completeSetupDialog: 'Instellen afronden',
  },
} as const;

const stack = () => inject('localStack');
const screenshots = fileURLToPath(new URL('../.artifacts/screenshots/survey-draft/', import.meta.url));

const violet = '#7c3aed';

const surveyOf = async (owner: Parameters<typeof callOwnerApi>[0], id: string): Promise<Survey> =>
  surveySchema.parse(await callOwnerApi(owner, 'GET', `/api/surveys/${id}`));

/** Waits for the toast with `title` (and `description`), then closes it as a user would. */
async function seeToast(page: Page, lang: Lang, title: string, description?: string): Promise<void> {
  const titled = page.locator('[data-sonner-toast]').filter({ hasText: title });
  const shown = (description ? titled.filter({ hasText: description }) : titled).first();
  await shown.waitFor();
  await shown.getByRole('button', { name: draftTexts[lang].closeToast }).click();
  await shown.waitFor({ state: 'detached' });
}

/** The step the wizard shows: its link in the step list is the current one. */
async function expectStep(page: Page, lang: Lang, index: number): Promise<void> {
  const nav = page.getByRole('navigation', { name: draftTexts[lang].stepsNav });
  await nav.locator('a[aria-current="step"]').filter({ hasText: draftTexts[lang].steps[index] }).waitFor();
}

/** A second browser (another device) of the same owner, signed in on the dashboard. */
async function otherDevice(browser: Browser, lang: Lang, owner: Parameters<typeof signInThroughUi>[2]) {
  const context = await newContext(browser, {
    locale: lang === 'nl' ? 'nl-NL' : 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signInThroughUi(page, lang, owner);
  return { context, page };
}

describe('survey draft: one truth between browsers', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });

  it('en: a browser that left an edit sees what another saved since, its own change only offered; completing setup publishes the saved values', async () => {
    const lang = 'en';
    const w = draftTexts[lang];
    const owner = await createSignedInUser(stack());
    const survey = await createSampleSurvey(owner, 'Two Tabs Bakery');
    const path = `/landing-page-preview?survey=${survey.id}`;

    // Browser A starts editing step 2 and leaves without saving.
    const a = b.page();
    await signInThroughUi(a, lang, owner);
    await a.goto(path);
    await a.getByLabel(w.customPrompt).fill('How were the croissants (typed in A)?');
    await a.goto('/dashboard');

    // Browser B changes the question and the colour and saves for later.
    const other = await otherDevice(b.browser(), lang, owner);
    try {
      const bPage = other.page;
      await bPage.goto(path);
      await bPage.getByLabel(w.customPrompt).fill('How was your visit (saved in B)?');
      await bPage.getByLabel(w.primaryHex).fill(violet);
      await bPage.getByRole('button', { name: w.saveForLater }).click();
      await waitForPath(bPage, '/dashboard');
    } finally {
      await other.context.close();
    }
    const saved = await surveyOf(owner, survey.id);
    expect(saved).toMatchObject({ customPrompt: 'How was your visit (saved in B)?', version: survey.version + 1 });
    expect(saved.customColors.primaryColor).toBe(violet);

    // A comes back by "Finish setup" (step 3: B completed step 2) and sees the notice with its own change.
    await a.reload();
    await a.getByRole('link', { name: w.finishSetup }).click();
    await waitForPath(a, '/review-routing-setup');
    await expectStep(a, lang, 2);
    const notice = a.getByTestId('draft-conflict');
    await notice.getByText(w.conflictTitle).waitFor();
    expect(await notice.getByTestId('draft-conflict-changes').textContent()).toBe(
      `${w.customPrompt}: “How were the croissants (typed in A)?” (${w.steps[1]})`,
    );

    // Step 2 shows B's values, not A's older copy.
    await a
      .getByRole('navigation', { name: w.stepsNav })
      .getByRole('link', { name: new RegExp(w.steps[1]) })
      .click();
    await expectStep(a, lang, 1);
    expect(await a.getByLabel(w.customPrompt).inputValue()).toBe('How was your visit (saved in B)?');
    expect(await a.getByLabel(w.primaryHex).inputValue()).toBe(violet);
    await notice.waitFor();
    await expectNoAxeViolations(a);
    await saveScreenshot(a, `${screenshots}conflict-${lang}-1280.png`, { fullPage: true });

    // A discards its change; nothing of it was saved, and completing setup publishes B's values.
    await notice.getByRole('button', { name: w.discardMine }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await surveyOf(owner, survey.id)).toEqual(saved);
    await a.getByRole('button', { name: w.next }).click();
    await seeToast(a, lang, w.savedTitle);
    await waitForPath(a, '/review-routing-setup');
    await a.getByRole('button', { name: w.completeSetup }).click();
    await seeToast(a, lang, w.createdTitle);
    await waitForPath(a, '/distribution-instructions');
    const published = await surveyOf(owner, survey.id);
    expect(published).toMatchObject({ status: 'active', customPrompt: 'How was your visit (saved in B)?' });
    expect(published.customColors.primaryColor).toBe(violet);
  });

  it('nl: a save from a stale page is refused with the message and shows the saved version; the owner applies their change deliberately', async () => {
    const lang = 'nl';
    const w = draftTexts[lang];
    const t = texts[lang];
    const owner = await createSignedInUser(stack());
    const survey = await createSampleSurvey(owner, 'Bakkerij Twee Tabs', { language: 'nl' });
    const path = `${t.prefix}/landing-page-preview?survey=${survey.id}`;

    // A has step 2 open and types, while B saves the question and colour from another device.
    const a = b.page();
    await signInThroughUi(a, lang, owner);
    await a.goto(path);
    await a.getByLabel(w.customPrompt).fill('Hoe waren de croissants (A)?');
    const other = await otherDevice(b.browser(), lang, owner);
    try {
      await other.page.goto(path);
      await other.page.getByLabel(w.customPrompt).fill('Hoe was je bezoek (B)?');
      await other.page.getByLabel(w.primaryHex).fill(violet);
      await other.page.getByRole('button', { name: w.saveForLater }).click();
      await waitForPath(other.page, `${t.prefix}/dashboard`);
    } finally {
      await other.context.close();
    }
    const saved = await surveyOf(owner, survey.id);

    // A's Next is refused: it says why, stays, and shows B's values with A's change offered.
    await a.getByRole('button', { name: w.next }).click();
    await seeToast(a, lang, w.errorTitle, w.surveyChanged);
    expect(new URL(a.url()).pathname).toBe(`${t.prefix}/landing-page-preview`);
    expect(await surveyOf(owner, survey.id)).toEqual(saved);
    const notice = a.getByTestId('draft-conflict');
    await notice.getByText(w.conflictTitle).waitFor();
    expect(await a.getByLabel(w.customPrompt).inputValue()).toBe('Hoe was je bezoek (B)?');
    expect(await a.getByLabel(w.primaryHex).inputValue()).toBe(violet);
    await expectNoAxeViolations(a);
    await a.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(a, `${screenshots}conflict-${lang}-390.png`, { fullPage: true });
    expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await a.setViewportSize({ width: 1280, height: 900 });

    // A applies its change on purpose and saves: its question, B's colour (A never touched it).
    await notice.getByRole('button', { name: w.useMine }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await a.getByLabel(w.customPrompt).inputValue()).toBe('Hoe waren de croissants (A)?');
    await a.getByRole('button', { name: w.next }).click();
    await seeToast(a, lang, w.savedTitle);
    await waitForPath(a, `${t.prefix}/review-routing-setup`);
    const applied = await surveyOf(owner, survey.id);
    expect(applied).toMatchObject({ customPrompt: 'Hoe waren de croissants (A)?', version: saved.version + 1 });
    expect(applied.customColors.primaryColor).toBe(violet);
  });
});

describe('survey draft: Finish setup resumes where the owner stopped', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });

  it('en: after leaving at step 3, Finish setup (dashboard, sidebar, another device) opens step 3', async () => {
    const lang = 'en';
    const w = draftTexts[lang];
    const page = b.page();
    const owner = await createSignedInUser(stack());
    await signInThroughUi(page, lang, owner);
    await page.getByRole('link', { name: w.createSurvey }).click();
    await page.getByLabel(w.businessName).fill('Step Three Studio');
    await page.getByLabel(w.ownerName).fill('Anna de Vries');
    await page.getByLabel(w.googleUrl).fill('search.google.com/local/writereview?placeid=ChIJstep3');
    await page.getByLabel(w.supportEmail).fill('support@studio.example');
    await page.getByRole('button', { name: w.next }).click();
    await seeToast(page, lang, w.savedTitle);
    await waitForPath(page, '/landing-page-preview');
    await page.getByRole('button', { name: w.next }).click();
    await seeToast(page, lang, w.savedTitle);
    await waitForPath(page, '/review-routing-setup');
    const surveyId = new URL(page.url()).searchParams.get('survey')!;
    expect((await surveyOf(owner, surveyId)).completedSteps).toEqual(['business', 'landing']);

    // Leaves at step 3 for the dashboard; Finish setup comes back to step 3.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: w.finishSetup }).click();
    await waitForPath(page, '/review-routing-setup');
    await expectStep(page, lang, 2);
    expect(new URL(page.url()).searchParams.get('survey')).toBe(surveyId);
    await page.getByRole('button', { name: w.completeSetup }).waitFor();

    // The sidebar's "Complete setup" (View landing page of a draft) goes there too.
    await page.goto('/dashboard');
    const item = page.getByTestId('sidebar-survey').filter({ hasText: 'Step Three Studio' });
    await item.getByRole('button', { name: /Step Three Studio/ }).click();
    await item.getByRole('button', { name: w.viewLanding }).click();
    const dialog = page.getByRole('dialog', { name: w.setupRequired });
    await dialog.getByRole('link', { name: w.completeSetupDialog }).click();
    await waitForPath(page, '/review-routing-setup');
    await expectStep(page, lang, 2);

    // Another device knows it from the survey itself, not from this browser's draft.
    const other = await otherDevice(b.browser(), lang, owner);
    try {
      await other.page.getByRole('link', { name: w.finishSetup }).click();
      await waitForPath(other.page, '/review-routing-setup');
      await expectStep(other.page, lang, 2);
      await expectNoAxeViolations(other.page);
    } finally {
      await other.context.close();
    }
  });
});
