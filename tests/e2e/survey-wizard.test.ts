import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, inject, it } from 'vitest';
import { surveyMessages, surveySchema } from '@reviewroute/shared';
import { callOwnerApi, createSampleSurvey, publishSurvey } from '../support/api';
import { downloadedBytes, expectNoAxeViolations, useBrowser } from '../support/browser';
import { createSignedInUser, signIn, TEST_PASSWORD, uniqueEmail, type TestUser } from '../support/cognito';
import {
  confirmWithInboxCode,
  signInThroughUi,
  submitSignUp,
  texts,
  waitForPath,
  type Lang,
} from '../support/app-flows';

/** Visible texts of the wizard and the sidebar, exactly as the catalogues have them. */
const wizardTexts = {
  en: {
    removeFile: 'Remove image',
    createSurvey: 'Create new survey',
    steps: ['Business information', 'Landing page', 'Review routing', 'Share your survey'],
    stepsNav: 'Setup steps',
    progress: 'Setup progress',
    businessName: 'Business name',
    ownerName: 'Owner name',
    googleUrl: 'Google review page URL',
    supportEmail: 'Support email',
    industry: 'Industry',
    next: 'Next',
    saveForLater: 'Save for later',
    savedTitle: 'Progress saved!',
    businessSaved: 'Business information has been saved successfully.',
    landingSaved: 'Landing page customization has been saved successfully.',
    logo: 'Business logo',
    logoPreview: 'Your logo',
    customPrompt: 'Question for your customers',
    primaryHex: 'Primary color (hex)',
    backgroundHex: 'Background color (hex)',
    previewRating: 'Your rating',
    fourStars: '4 stars',
    fiveStars: '5 stars',
    previewComment: 'Your comment (optional)',
    highPreview: 'Preview: High ratings (5 stars)',
    lowPreview: 'Preview: Low ratings (1–2 stars)',
    reviewButton: 'Leave a review on Google',
    close: 'Close',
    collectContact: 'Ask for contact details',
    previewName: 'Your name (optional)',
    publicReview: 'Offer the public review to every customer',
    teamPhoto: 'Team photo (optional)',
    completeSetup: 'Complete setup',
    createdTitle: 'Survey created successfully!',
    createdDescription: 'Your survey is now active and ready to collect feedback.',
    liveUrl: 'Your survey link',
    finish: 'Finish',
    active: 'Active',
    draft: 'Draft',
    editSurvey: 'Edit survey',
    viewLanding: 'View landing page',
    setupRequired: 'Survey setup required',
    keptTitle: 'Kept as a draft',
    draftNotice: 'Draft: not published yet',
    loadedTitle: 'Survey loaded',
    // The spec's own texts (spec 5), pinned by shared's tests: the page shows them as they are.
    fileTooLarge: surveyMessages.fileTooLarge,
    fileType: surveyMessages.fileTypeNotAllowed,
    messages: surveyMessages,
    errorTitle: 'Error',
    closeToast: 'Close notification',
    businessFailed: 'Failed to save business information. Please try again.',
    title: 'Survey setup',
    editTitle: (business: string) => `Edit survey — ${business}`,
    setupTitle: (business: string) => `Survey setup — ${business}`,
    startWithBusiness: 'Start with your business information. The next steps open once it is saved.',
    urlFailed: 'Failed to load survey URL',
    savedForLater: 'Your changes are saved. Continue any time from your dashboard.',
  },
  nl: {
    removeFile: 'Afbeelding verwijderen',
    createSurvey: 'Nieuwe enquête maken',
    steps: ['Bedrijfsgegevens', 'Landingspagina', 'Reviewroutering', 'Enquête delen'],
    stepsNav: 'Stappen',
    progress: 'Voortgang',
    businessName: 'Bedrijfsnaam',
    ownerName: 'Naam eigenaar',
    googleUrl: 'URL van je Google-reviewpagina',
    supportEmail: 'Support-e-mailadres',
    industry: 'Branche',
    next: 'Volgende',
    saveForLater: 'Later afmaken',
    savedTitle: 'Voortgang opgeslagen!',
    businessSaved: 'Je bedrijfsgegevens zijn opgeslagen.',
    landingSaved: 'De aanpassingen van je landingspagina zijn opgeslagen.',
    logo: 'Bedrijfslogo',
    logoPreview: 'Je logo',
    customPrompt: 'Vraag aan je klanten',
    primaryHex: 'Hoofdkleur (hex)',
    backgroundHex: 'Achtergrondkleur (hex)',
    previewRating: 'Je beoordeling',
    fourStars: '4 sterren',
    fiveStars: '5 sterren',
    previewComment: 'Je opmerking (optioneel)',
    highPreview: 'Voorbeeld: Hoge beoordelingen (5 sterren)',
    lowPreview: 'Voorbeeld: Lage beoordelingen (1–2 sterren)',
    reviewButton: 'Schrijf een review op Google',
    close: 'Sluiten',
    collectContact: 'Vraag om contactgegevens',
    previewName: 'Je naam (optioneel)',
    publicReview: 'Bied de openbare review aan elke klant aan',
    teamPhoto: 'Teamfoto (optioneel)',
    completeSetup: 'Instellen voltooien',
    createdTitle: 'Enquête aangemaakt!',
    createdDescription: 'Je enquête is nu actief en klaar om feedback te verzamelen.',
    liveUrl: 'Je enquêtelink',
    finish: 'Klaar',
    active: 'Actief',
    draft: 'Concept',
    editSurvey: 'Enquête bewerken',
    viewLanding: 'Landingspagina bekijken',
    setupRequired: 'Enquête nog niet ingesteld',
    loadedTitle: 'Enquête geladen',
    fileTooLarge: 'Het bestand moet kleiner zijn dan 2 MB',
    fileType: 'Alleen JPG-, PNG- en WebP-bestanden zijn toegestaan',
    messages: {
      businessNameRequired: 'Bedrijfsnaam is verplicht',
      ownerNameRequired: 'Naam eigenaar is verplicht',
      emailRequired: 'E-mailadres is verplicht',
      emailInvalid: 'Vul een geldig e-mailadres in',
      googleUrlRequired: 'URL van je Google-bedrijfspagina is verplicht',
      googleUrlInvalid:
        'Gebruik je Google-reviewlink: https://search.google.com/local/writereview?placeid=… of https://g.page/r/…/review',
    },
    errorTitle: 'Fout',
    closeToast: 'Melding sluiten',
    businessFailed: 'Opslaan van de bedrijfsgegevens is mislukt. Probeer het opnieuw.',
    title: 'Enquête instellen',
    editTitle: (business: string) => `Enquête bewerken — ${business}`,
    setupTitle: (business: string) => `Enquête instellen — ${business}`,
    startWithBusiness:
      'Begin met je bedrijfsgegevens. De volgende stappen worden beschikbaar zodra die zijn opgeslagen.',
    urlFailed: 'Enquêtelink laden is mislukt',
    savedForLater: 'Je wijzigingen zijn opgeslagen. Ga verder wanneer je wilt vanuit je dashboard.',
  },
} as const;

const languages: { lang: Lang; locale: string }[] = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'nl', locale: 'nl-NL' },
];

const stepPaths = ['/survey-setup', '/landing-page-preview', '/review-routing-setup', '/distribution-instructions'];

const stack = () => inject('localStack');

/** Calls the owner API as `user` (the same ID token the app sends). */
async function api<T>(user: TestUser, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const { idToken } = await signIn(stack(), user.email, user.password);
  const response = await fetch(`${stack().urls.api}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

interface ListedSurvey {
  id: string;
  businessName: string;
  status: string;
  landingPageUrl: string | null;
}
const listSurveys = async (user: TestUser) =>
  (await api<{ surveys: ListedSurvey[] }>(user, '/api/surveys')).body.surveys;

/** A small, valid PNG (a QR code rendered by pngjs). */
const logoPng = () => QRCode.toBuffer('ReviewRoute test logo', { type: 'png', width: 96, margin: 1 });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Waits for the toast with `title` and `description`, then closes it as a user would: toasts sit in the
 * bottom corner, over the wizard's buttons, and stay while the pointer rests on them.
 */
async function seeToast(page: Page, lang: Lang, title: string, description?: string): Promise<void> {
  const shown = description ? toast(page, title).filter({ hasText: description }) : toast(page, title);
  await shown.first().waitFor();
  await shown.first().getByRole('button', { name: wizardTexts[lang].closeToast }).click();
  await shown.first().waitFor({ state: 'detached' });
}

/** The active step link and the progress bar agree on the step. */
async function expectStep(page: Page, lang: Lang, index: number): Promise<void> {
  const w = wizardTexts[lang];
  const nav = page.getByRole('navigation', { name: w.stepsNav });
  const current = nav.locator('a[aria-current="step"]');
  await current.filter({ hasText: w.steps[index] }).waitFor();
  expect(await nav.locator('a[aria-current="step"]').count()).toBe(1);
  expect(await page.getByRole('progressbar', { name: w.progress }).getAttribute('aria-valuenow')).toBe(
    String((index + 1) * 25),
  );
}

async function fillBusinessInformation(page: Page, lang: Lang, businessName: string): Promise<void> {
  const w = wizardTexts[lang];
  await page.getByLabel(w.businessName).fill(businessName);
  await page.getByLabel(w.ownerName).fill('Anna de Vries');
  // Without a scheme: the app (and the API) add https:// (spec 4).
  await page.getByLabel(w.googleUrl).fill('search.google.com/local/writereview?placeid=ChIJtest123');
  await page.getByLabel(w.supportEmail).fill('support@bakkerij.example');
  await page.getByLabel(w.industry).fill('Bakery');
}

describe.each(languages)('survey wizard ($lang)', ({ lang, locale }) => {
  const b = useBrowser({ locale, reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const t = texts[lang];
  const w = wizardTexts[lang];

  it('signs up, builds the survey with a real logo upload, publishes, shares the URL and QR code, and lists it as active', async () => {
    const page = b.page();
    await b.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().urls.app! });

    // Sign up through the UI and confirm with the mailed code, which signs in.
    const email = uniqueEmail(`e2e-wizard-${lang}`);
    await page.goto(`${t.prefix}/auth`);
    await submitSignUp(page, lang, email, TEST_PASSWORD);
    await confirmWithInboxCode(page, lang, email);
    await waitForPath(page, `${t.prefix}/dashboard`);
    const user: TestUser = { email, password: TEST_PASSWORD, userId: '' };
    await page.getByText(t.emptySurveys).waitFor();

    // Step 1.
    await page.getByRole('link', { name: w.createSurvey }).click();
    await waitForPath(page, `${t.prefix}/survey-setup`);
    await expectStep(page, lang, 0);
    const businessName = lang === 'nl' ? 'Bakkerij De Vries' : "Anna's Bakery & Café";
    await fillBusinessInformation(page, lang, businessName);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: w.next }).click();
    await seeToast(page, lang, w.savedTitle, w.businessSaved);
    await waitForPath(page, `${t.prefix}/landing-page-preview`);
    await expectStep(page, lang, 1);
    const [draft] = await listSurveys(user);
    expect(draft).toMatchObject({ businessName, status: 'draft', landingPageUrl: null });
    // The draft now belongs to that survey (the address names it), not to "a new survey".
    expect(new URL(page.url()).searchParams.get('survey')).toBe(draft!.id);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('surveyWizardData') ?? 'null'));
    expect(stored.drafts).toEqual({ [draft!.id]: expect.objectContaining({ surveyId: draft!.id, businessName }) });

    // Step 2: a real PNG logo goes straight to S3 and is confirmed by the API.
    const logoInput = page.getByLabel(w.logo);
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    const logo = page.getByRole('img', { name: w.logoPreview });
    await logo.waitFor();
    const logoUrl = (await logo.getAttribute('src'))!;
    // The file's address names neither the owner nor the survey (private uploads): only its type shows.
    expect(logoUrl).toMatch(/\.png$/);
    const logoResponse = await fetch(logoUrl);
    expect(logoResponse.status).toBe(200);
    expect([...new Uint8Array(await logoResponse.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const logoOnServer = async () =>
      (await api<{ businessLogoUrl: string }>(user, `/api/surveys/${draft!.id}`)).body.businessLogoUrl;
    expect(await logoOnServer()).toBe(logoUrl);

    // A text file named .png passes the browser's check but not the API's: its message, the old logo kept.
    await logoInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await page.getByTestId('upload-logo-error').filter({ hasText: w.fileType }).waitFor();
    expect(await logo.getAttribute('src')).toBe(logoUrl);
    expect(await logoOnServer()).toBe(logoUrl);

    // The live preview reacts: question text, colours, stars (keyboard) and the comment box.
    const prompt = lang === 'nl' ? 'Hoe was je bezoek vandaag?' : 'How was your visit today?';
    await page.getByLabel(w.customPrompt).fill(prompt);
    await page.getByLabel(w.primaryHex).fill('#0f766e');
    const preview = page.getByTestId('landing-preview');
    await preview.getByText(prompt).waitFor();
    // A click on the fifth star, then the keyboard (arrow keys) moves the rating to four.
    await preview.locator('label', { has: page.getByRole('radio', { name: w.fiveStars }) }).click();
    expect(await preview.getByRole('radio', { name: w.fiveStars }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await preview.getByRole('radio', { name: w.fourStars }).isChecked()).toBe(true);
    await preview.getByLabel(w.previewComment).fill('Lovely bread');
    await preview.getByText('12/500').waitFor();

    // A reload in the middle of step 2 keeps what was typed (and the uploaded logo).
    await page.reload();
    await page.getByLabel(w.customPrompt).waitFor();
    expect(await page.getByLabel(w.customPrompt).inputValue()).toBe(prompt);
    expect(await page.getByLabel(w.primaryHex).inputValue()).toBe('#0f766e');
    expect(await page.getByRole('img', { name: w.logoPreview }).getAttribute('src')).toBe(logoUrl);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: w.next }).click();
    await seeToast(page, lang, w.savedTitle, w.landingSaved);
    await waitForPath(page, `${t.prefix}/review-routing-setup`);
    await expectStep(page, lang, 2);

    // Step 3: previews per band, the contact switch, the public-review switch, the team photo.
    await page.getByRole('button', { name: w.highPreview }).click();
    const highDialog = page.getByRole('dialog', { name: w.highPreview });
    await highDialog.getByRole('button', { name: w.reviewButton }).waitFor();
    await highDialog.getByRole('button', { name: w.close }).first().click();
    await highDialog.waitFor({ state: 'detached' });

    await page.getByRole('switch', { name: w.collectContact }).click();
    await page.getByRole('button', { name: w.lowPreview }).click();
    const lowDialog = page.getByRole('dialog', { name: w.lowPreview });
    await lowDialog.getByLabel(w.previewName).waitFor();
    // Default (decisions 6): only the high band sees the review button.
    expect(await lowDialog.getByRole('button', { name: w.reviewButton }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await lowDialog.waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: w.publicReview }).click();
    await page.getByRole('button', { name: w.lowPreview }).click();
    await page.getByRole('dialog', { name: w.lowPreview }).getByRole('button', { name: w.reviewButton }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page
      .getByLabel(w.teamPhoto)
      .setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: await logoPng() });
    const teamPhoto = page.getByTestId('upload-team-photo');
    await teamPhoto.getByRole('img').waitFor();
    // The preview shows before the upload is confirmed; axe runs once the field is idle again.
    await expect.poll(() => teamPhoto.getByRole('button', { name: w.removeFile }).isEnabled()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: w.completeSetup }).click();
    await seeToast(page, lang, w.createdTitle, w.createdDescription);
    await waitForPath(page, `${t.prefix}/distribution-instructions`);
    await expectStep(page, lang, 3);
    // Completion clears the stored draft.
    expect(await page.evaluate(() => localStorage.getItem('surveyWizardData'))).toBeNull();

    // Step 4: the live URL from the API.
    const urlInput = page.getByLabel(w.liveUrl);
    await urlInput.waitFor();
    const url = await urlInput.inputValue();
    const [published] = await listSurveys(user);
    expect(published).toMatchObject({ id: draft!.id, status: 'active', landingPageUrl: url });
    // A new survey speaks the owner's interface language, and its link says so (decisions 17).
    expect(url).toMatch(new RegExp(`^${stack().urls.app}${t.prefix}/surveys/[a-z0-9]{8}/[a-z0-9-]+$`));
    const full = (await api<Record<string, unknown>>(user, `/api/surveys/${draft!.id}`)).body;
    expect(full).toMatchObject({
      customPrompt: prompt,
      customColors: { primaryColor: '#0f766e', backgroundColor: '#ffffff' },
      googleBusinessUrl: 'https://search.google.com/local/writereview?placeid=ChIJtest123',
      collectContactOnLowRating: true,
      offerPublicReviewToEveryone: true,
      isActive: true,
    });
    expect(full.highRatingPhotoUrl).toMatch(/\.png$/);
    await page
      .getByTestId('email-template')
      .filter({ hasText: t.emailTemplate(url) })
      .waitFor();
    await page
      .getByTestId('sms-template')
      .filter({ hasText: t.smsTemplate(url) })
      .waitFor();
    await expectNoAxeViolations(page);

    // Copy: 'Copied!' for 2 s, the local flag and the profile flag.
    await page.getByRole('button', { name: t.copyLink }).click();
    await page.getByRole('button', { name: t.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await page.evaluate(() => localStorage.getItem('survey_url_copied'))).toBe('true');
    await page.getByRole('button', { name: t.copyLink }).waitFor({ timeout: 5000 });
    await expect
      .poll(async () => (await api<{ surveyUrlCopied: boolean }>(user, '/api/profile')).body.surveyUrlCopied)
      .toBe(true);

    // The QR code: named after the survey ({slug}-qr.png), 512 × 512, decoding to the URL.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.downloadQr }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${new URL(url).pathname.split('/').pop()}-qr.png`);
    const png = PNG.sync.read(await downloadedBytes(download));
    expect([png.width, png.height]).toEqual([512, 512]);
    expect(png.data[0]).toBe(255); // the white margin
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(url);

    // Finish: the dashboard, the sidebar lists the survey as active.
    await page.getByRole('button', { name: w.finish }).click();
    await waitForPath(page, `${t.prefix}/dashboard`);
    const item = page.getByTestId('sidebar-survey').filter({ hasText: businessName });
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('active');
    const itemButton = item.getByRole('button', { name: new RegExp(w.active) });
    expect(await itemButton.textContent()).toContain(w.active);
    expect(await item.getByTestId('survey-status-dot').getAttribute('class')).toContain('bg-green-600');
    await itemButton.click();
    expect(await item.getByRole('link', { name: new RegExp(w.viewLanding) }).getAttribute('href')).toBe(url);
    await expectNoAxeViolations(page);
    expect(await item.getByRole('link', { name: new RegExp(w.viewLanding) }).getAttribute('target')).toBe('_blank');

    // Edit survey loads it back into the wizard.
    await item.getByRole('button', { name: w.editSurvey }).click();
    await seeToast(page, lang, w.loadedTitle);
    await waitForPath(page, `${t.prefix}/survey-setup`);
    await page.getByRole('heading', { level: 1, name: w.editTitle(businessName) }).waitFor();
    expect(await page.getByLabel(w.businessName).inputValue()).toBe(businessName);
    expect(await page.getByLabel(w.googleUrl).inputValue()).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJtest123',
    );
  });

  it('shows each spec message for invalid step-1 input, saves nothing, and the step indicators navigate', async () => {
    const page = b.page();
    const user = await signInThroughUi(page, lang);
    await page.goto(`${t.prefix}/survey-setup`);
    await expectStep(page, lang, 0);
    const error = (id: string) => page.getByTestId(`${id}-error`);

    // Submitting empty shows every required message.
    await page.getByRole('button', { name: w.next }).click();
    await error('businessName').filter({ hasText: w.messages.businessNameRequired }).waitFor();
    await error('businessOwnerName').filter({ hasText: w.messages.ownerNameRequired }).waitFor();
    await error('googleBusinessUrl').filter({ hasText: w.messages.googleUrlRequired }).waitFor();
    await error('supportEmail').filter({ hasText: w.messages.emailRequired }).waitFor();
    expect(await error('industry').count()).toBe(0);
    expect(await page.getByLabel(w.businessName).getAttribute('aria-invalid')).toBe('true');

    // Live checks: a wrong value shows its message, a valid one clears it, an empty field clears it.
    await page.getByLabel(w.supportEmail).fill('not-an-email');
    await error('supportEmail').filter({ hasText: w.messages.emailInvalid }).waitFor();
    await page.getByLabel(w.googleUrl).fill('https://example.com/review');
    await error('googleBusinessUrl').filter({ hasText: w.messages.googleUrlInvalid }).waitFor();
    await page.getByLabel(w.businessName).fill('Bakkerij');
    await error('businessName').waitFor({ state: 'detached' });
    await page.getByLabel(w.businessName).fill('');
    expect(await error('businessName').count()).toBe(0);
    await page.getByLabel(w.supportEmail).fill('');
    await error('supportEmail').waitFor({ state: 'detached' });
    await page.getByLabel(w.supportEmail).fill('owner@bakkerij.example');
    expect(await error('supportEmail').count()).toBe(0);

    // Still invalid (URL, owner, name): Next saves nothing and stays.
    await page.getByRole('button', { name: w.next }).click();
    await error('googleBusinessUrl').filter({ hasText: w.messages.googleUrlInvalid }).waitFor();
    await error('businessOwnerName').filter({ hasText: w.messages.ownerNameRequired }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${t.prefix}/survey-setup`);
    expect(await listSurveys(user)).toEqual([]);
    expect(await toast(page, w.savedTitle).count()).toBe(0);

    // A new survey: only step 1 is a link, nothing is ticked; the later steps open once step 1 is saved.
    const nav = page.getByRole('navigation', { name: w.stepsNav });
    expect(await nav.getByRole('link').count()).toBe(1);
    expect(await nav.locator('[data-testid="wizard-step"][data-done="true"]').count()).toBe(0);
    // What was typed stays over a reload.
    await page.reload();
    await page.getByLabel(w.supportEmail).waitFor();
    expect(await page.getByLabel(w.supportEmail).inputValue()).toBe('owner@bakkerij.example');
    expect(await listSurveys(user)).toEqual([]);
  });
});

describe('survey wizard: drafts, lost surveys and refused files', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const w = wizardTexts.en;

  it('saves a draft for later, lists it as draft, asks for setup on View landing page, and re-creates a deleted survey', async () => {
    const page = b.page();
    const user = await signInThroughUi(page, 'en');
    await page.getByRole('link', { name: w.createSurvey }).click();
    // Save for later on a half-filled step 1 keeps what was typed (in this browser: the server keeps a survey
    // from a complete step 1 on) and comes back with Create new survey.
    await page.getByLabel(w.businessName).fill('Draft Diner');
    await page.getByRole('button', { name: w.saveForLater }).click();
    await seeToast(page, 'en', w.keptTitle);
    await waitForPath(page, '/dashboard');
    expect(await listSurveys(user)).toEqual([]);
    await page.getByRole('link', { name: w.createSurvey }).click();
    expect(await page.getByLabel(w.businessName).inputValue()).toBe('Draft Diner');
    await fillBusinessInformation(page, 'en', 'Draft Diner');
    await page.getByRole('button', { name: w.next }).click();
    await waitForPath(page, '/landing-page-preview');
    const [first] = await listSurveys(user);

    // A too-large file is refused in the browser with the spec's message; the logo stays empty.
    await page.getByLabel(w.logo).setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
    });
    await page.getByTestId('upload-logo-error').filter({ hasText: w.fileTooLarge }).waitFor();
    expect(await page.getByRole('img', { name: w.logoPreview }).count()).toBe(0);

    // Save for later saves step 2 (valid) and says so.
    await page.getByLabel(w.customPrompt).fill('Was it tasty?');
    await page.getByRole('button', { name: w.saveForLater }).click();
    await seeToast(page, 'en', w.savedTitle, w.savedForLater);
    await waitForPath(page, '/dashboard');
    expect(new URL(page.url()).searchParams.get('survey')).toBe(first!.id);
    // The dashboard says the selected survey is an unpublished draft.
    await page.getByTestId('draft-notice').getByText(w.draftNotice).waitFor();
    expect((await api<{ customPrompt: string }>(user, `/api/surveys/${first!.id}`)).body.customPrompt).toBe(
      'Was it tasty?',
    );
    const item = page.getByTestId('sidebar-survey').filter({ hasText: 'Draft Diner' });
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('draft');
    expect(await item.getByTestId('survey-status-dot').getAttribute('class')).toContain('bg-yellow-400');
    await item.getByRole('button', { name: /Draft Diner/ }).click();
    await item.getByRole('button', { name: w.viewLanding }).click();
    await page.getByRole('dialog', { name: w.setupRequired }).waitFor();
    await page.keyboard.press('Escape');

    // The survey disappears on the server; saving step 2 makes a new one from the draft (spec 4).
    expect((await api(user, `/api/surveys/${first!.id}`, { method: 'DELETE' })).status).toBe(204);
    await page.goto(`/landing-page-preview?survey=${first!.id}`);
    // An upload to the vanished survey lands on a new one made from the draft.
    await page.getByLabel(w.logo).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    const logoUrl = await page.getByRole('img', { name: w.logoPreview }).getAttribute('src');
    expect(logoUrl).not.toContain(first!.id);
    await page.getByLabel(w.customPrompt).fill('Did you enjoy your meal?');
    await page.getByRole('button', { name: w.next }).click();
    await waitForPath(page, '/review-routing-setup');
    const surveys = await listSurveys(user);
    expect(surveys).toHaveLength(1);
    expect(surveys[0]!.id).not.toBe(first!.id);
    expect(surveys[0]).toMatchObject({ businessName: 'Draft Diner', status: 'draft' });
    const recreated = (await api<Record<string, unknown>>(user, `/api/surveys/${surveys[0]!.id}`)).body;
    expect(recreated).toMatchObject({
      customPrompt: 'Did you enjoy your meal?',
      businessOwnerName: 'Anna de Vries',
      businessLogoUrl: logoUrl,
    });
  });
});

describe('survey wizard: one draft per survey', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });

  it.each(languages)(
    '$lang: after editing survey A, Create new survey starts empty and publishing it leaves A unchanged',
    async ({ lang }) => {
      const t = texts[lang];
      const w = wizardTexts[lang];
      const page = b.page();
      const owner = await createSignedInUser(stack());
      const nameA = lang === 'nl' ? 'Bakkerij Anna' : "Anna's Bakery";
      const created = await createSampleSurvey(owner, nameA, { industry: 'Bakery' });
      const a = await publishSurvey(owner, created.id);
      await signInThroughUi(page, lang, owner);

      // Edit A: its values, its name in the title, A highlighted in the sidebar (not Create).
      const itemA = page.getByTestId('sidebar-survey').filter({ hasText: nameA });
      await itemA.getByRole('button', { name: new RegExp(nameA) }).click();
      await itemA.getByRole('button', { name: w.editSurvey }).click();
      await seeToast(page, lang, w.loadedTitle);
      await waitForPath(page, `${t.prefix}/survey-setup`);
      await page.getByRole('heading', { level: 1, name: w.editTitle(nameA) }).waitFor();
      expect(await page.getByLabel(w.businessName).inputValue()).toBe(nameA);
      expect(await itemA.getByRole('link', { name: new RegExp(nameA) }).getAttribute('aria-current')).toBe('true');
      const create = page.getByRole('link', { name: w.createSurvey });
      expect(await create.getAttribute('data-active')).toBe('false');
      // A published survey has every step done.
      const nav = page.getByRole('navigation', { name: w.stepsNav });
      expect(await nav.locator('[data-testid="wizard-step"][data-done="true"]').count()).toBe(4);
      await expectNoAxeViolations(page);
      // An edit of A that is never saved stays A's own.
      await page.getByLabel(w.industry).fill('Changed, not saved');

      // Create new survey: an empty new survey, nothing ticked, Create highlighted.
      await create.click();
      await page.getByRole('heading', { level: 1, name: w.title }).waitFor();
      expect(new URL(page.url()).search).toBe('');
      for (const label of [w.businessName, w.ownerName, w.googleUrl, w.supportEmail, w.industry]) {
        expect(await page.getByLabel(label).inputValue()).toBe('');
      }
      expect(await nav.locator('[data-testid="wizard-step"][data-done="true"]').count()).toBe(0);
      expect(await create.getAttribute('data-active')).toBe('true');
      expect(await itemA.getByRole('link', { name: new RegExp(nameA) }).getAttribute('aria-current')).toBeNull();

      // Build and publish survey B through every step.
      const nameB = lang === 'nl' ? 'Fietsenmaker Bram' : "Bram's Bikes";
      await fillBusinessInformation(page, lang, nameB);
      await page.getByRole('button', { name: w.next }).click();
      await seeToast(page, lang, w.savedTitle, w.businessSaved);
      await waitForPath(page, `${t.prefix}/landing-page-preview`);
      // Step 1 is saved: ticked; the title now names the new survey, still being set up (not "Edit").
      await nav.locator('[data-testid="wizard-step"][data-done="true"]').first().waitFor();
      expect(await nav.locator('[data-testid="wizard-step"][data-done="true"]').count()).toBe(1);
      await page.getByRole('heading', { level: 1, name: w.setupTitle(nameB) }).waitFor();
      await page.getByLabel(w.customPrompt).fill(lang === 'nl' ? 'Hoe reed de fiets?' : 'How does the bike ride?');
      await page.getByRole('button', { name: w.next }).click();
      await seeToast(page, lang, w.savedTitle, w.landingSaved);
      await waitForPath(page, `${t.prefix}/review-routing-setup`);
      await page.getByRole('button', { name: w.completeSetup }).click();
      await seeToast(page, lang, w.createdTitle, w.createdDescription);
      await waitForPath(page, `${t.prefix}/distribution-instructions`);
      await page.getByLabel(w.liveUrl).waitFor();

      // Through the API: B is a survey of its own, A is exactly as it was.
      const surveys = (await callOwnerApi(owner, 'GET', '/api/surveys')) as { surveys: ListedSurvey[] };
      expect(surveys.surveys.map((s) => s.businessName).sort()).toEqual([nameA, nameB].sort());
      const b2 = surveys.surveys.find((s) => s.businessName === nameB)!;
      expect(b2.id).not.toBe(a.id);
      expect(b2.status).toBe('active');
      expect(surveySchema.parse(await callOwnerApi(owner, 'GET', `/api/surveys/${a.id}`))).toEqual(a);
    },
  );

  it.each(languages)(
    '$lang: a later step opened by its address without a survey lands on step 1 and says why',
    async ({ lang }) => {
      const t = texts[lang];
      const w = wizardTexts[lang];
      const page = b.page();
      await signInThroughUi(page, lang);
      for (const path of stepPaths.slice(1)) {
        await page.goto(`${t.prefix}${path}`);
        await waitForPath(page, `${t.prefix}/survey-setup`);
        await page.getByTestId('wizard-notice').filter({ hasText: w.startWithBusiness }).waitFor();
        await expectStep(page, lang, 0);
        // No live survey, no failed link, no Complete setup that cannot succeed, no ticks.
        expect(await page.getByText(w.urlFailed).count()).toBe(0);
        expect(await page.getByRole('button', { name: w.completeSetup }).count()).toBe(0);
        expect(await page.getByTestId('wizard-step').and(page.locator('[data-done="true"]')).count()).toBe(0);
      }
      await expectNoAxeViolations(page);
    },
  );
});

describe('survey wizard on a phone', () => {
  const b = useBrowser({
    reducedMotion: 'reduce',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const w = wizardTexts.en;

  it('shows numbered step links with their names for screen readers, and has no axe violations', async () => {
    const page = b.page();
    await signInThroughUi(page, 'en');
    await page.goto('/survey-setup');
    await expectStep(page, 'en', 0);
    await page.getByText(`Step 1 of 4: ${w.steps[0]}`).waitFor();
    await expectNoAxeViolations(page);
    // The page fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A new survey's later steps are named but not links yet.
    const nav = page.getByRole('navigation', { name: w.stepsNav });
    expect(await nav.getByRole('link').count()).toBe(1);
    expect(await nav.getByText(w.steps[1]).count()).toBe(1);
  });
});
