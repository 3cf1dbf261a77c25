import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  defaultErrorMessages,
  statusOf,
  surveyDefaultTexts,
  surveyListResponseSchema,
  uploadTicketSchema,
  type Survey,
  type UploadKind,
} from '@reviewroute/shared';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { createSignedInUser, signIn } from '../support/cognito';
import { callOwnerApi, createSampleSurvey, publishSurvey, storedResponses, type ApiUser } from '../support/api';
import { signInThroughUi, waitForPath } from '../support/app-flows';

/** Visible texts of the public page, exactly as web/src/locales/{en,nl}/survey.json have them. */
const texts = {
  en: {
    prefix: '',
    /** The browser of the other language: the link, not the browser, decides (decisions 17). */
    browserLocale: 'nl-NL',
    notFound: 'Survey not found',
    notFoundText: "The survey you're looking for doesn't exist or is no longer active.",
    stars: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
    comment: 'Your comment (optional)',
    name: 'Your name (optional)',
    email: 'Your email (optional)',
    submit: 'Submit feedback',
    step: (n: number) => `Step ${n} of 3`,
    draftSaved: 'Draft saved automatically',
    busy: 'Busy right now: trying again in a moment…',
    thanks: 'Thank you!',
    review: 'Leave a review on Google',
    copy: 'Copy your comment',
    teamAlt: (business: string) => `The team of ${business}`,
  },
  nl: {
    prefix: '/nl',
    browserLocale: 'en-US',
    notFound: 'Enquête niet gevonden',
    notFoundText: 'De enquête die je zoekt bestaat niet of is niet meer actief.',
    stars: (n: number) => (n === 1 ? '1 ster' : `${n} sterren`),
    comment: 'Je opmerking (optioneel)',
    name: 'Je naam (optioneel)',
    email: 'Je e-mailadres (optioneel)',
    submit: 'Feedback versturen',
    step: (n: number) => `Stap ${n} van 3`,
    draftSaved: 'Concept automatisch opgeslagen',
    busy: 'Het is even druk: we proberen het zo opnieuw…',
    thanks: 'Bedankt!',
    review: 'Laat een review achter op Google',
    copy: 'Kopieer je opmerking',
    teamAlt: (business: string) => `Het team van ${business}`,
  },
} as const;
type Lang = keyof typeof texts;
const otherLanguage = (lang: Lang): Lang => (lang === 'en' ? 'nl' : 'en');

/** The owner's own texts of each survey, in the survey's language. */
const ownerTexts = {
  en: {
    customPrompt: 'How was your visit?',
    lowRatingMessage: 'We are sorry and will do better.',
    midRatingMessage: 'Thanks for your honest feedback.',
    highRatingMessage: 'You made our day!',
    googleReviewPrompt: 'Would you share this on Google?',
  },
  nl: {
    customPrompt: 'Hoe was je bezoek?',
    lowRatingMessage: 'Het spijt ons, we gaan het beter doen.',
    midRatingMessage: 'Bedankt voor je eerlijke feedback.',
    highRatingMessage: 'Je hebt onze dag goed gemaakt!',
    googleReviewPrompt: 'Wil je dit op Google delen?',
  },
} as const;

/** The Google link the owner pastes: the spec's form for the English survey, Google's share link for the Dutch one. */
const googleLinks = {
  en: {
    pasted: 'search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    stored: 'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
  },
  nl: {
    pasted: 'g.page/r/CbcPR2x8E3YBEAE/review/?utm_source=share',
    stored: 'https://g.page/r/CbcPR2x8E3YBEAE/review',
  },
} as const;

/** Every string of a public-page catalogue, split at its `{{placeholders}}`. */
function catalogueFragments(lang: Lang): string[] {
  const catalogue = JSON.parse(
    readFileSync(new URL(`../../web/src/locales/${lang}/survey.json`, import.meta.url), 'utf8'),
  ) as object;
  const leaves = (node: unknown): string[] =>
    typeof node === 'string' ? [node] : Object.values(node as object).flatMap(leaves);
  return leaves(catalogue).flatMap((text) => text.split(/{{\s*\w+\s*}}/).map((part) => part.trim()));
}

/**
 * Fails when the page shows a string of the other language's catalogue: visible text, screen-reader text,
 * labels, placeholders, alt texts and the title. Fragments both catalogues share (a brand, a number) or
 * too short to tell apart are not counted.
 */
async function expectOnlyLanguage(page: Page, lang: Lang): Promise<void> {
  const own = catalogueFragments(lang).join('\n');
  const foreign = [...new Set(catalogueFragments(otherLanguage(lang)))].filter(
    (fragment) => fragment.length >= 4 && /\p{L}{3}/u.test(fragment) && !own.includes(fragment),
  );
  const shown = await page.evaluate(() => {
    const attributes = ['aria-label', 'placeholder', 'alt', 'title', 'aria-valuetext', 'aria-roledescription'];
    const values = Array.from(document.querySelectorAll('*')).flatMap((el) =>
      attributes.map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...values].join('\n');
  });
  expect(foreign.filter((fragment) => shown.includes(fragment))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

/** A real 1×1 PNG for the team photo. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A solid-colour PNG of `width`×`height`: a logo with a real size, so the screenshots show where it sits. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadImage(owner: ApiUser, surveyId: string, kind: UploadKind, image: Buffer): Promise<void> {
  const ticket = uploadTicketSchema.parse(
    await callOwnerApi(owner, 'POST', `/api/surveys/${surveyId}/uploads`, {
      kind,
      contentType: 'image/png',
      size: image.length,
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), `${kind}.png`);
  expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  await callOwnerApi(owner, 'POST', `/api/surveys/${surveyId}/uploads/confirm`, { kind, key: ticket.key });
}

const screenshotDir = fileURLToPath(new URL('../.artifacts/screenshots/public-survey/', import.meta.url));
mkdirSync(screenshotDir, { recursive: true });

/**
 * The thank-you screen as a person sees it on the phone: a screenshot to look at, no toast on top of it (the
 * screen says thank you itself), and no two of its parts (logo, name, heading, texts, buttons) overlapping.
 */
async function checkThankYouScreen(page: Page, name: string): Promise<void> {
  expect(await page.locator('[data-testid^="toast-"]').count()).toBe(0);
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
  const overlaps = await page.evaluate(() => {
    const parts = Array.from(
      document.querySelectorAll(
        'main header img, main header h1, main section h2, main section p, main section img, main section button',
      ),
    ).filter(
      (el) => (el as HTMLElement).offsetParent !== null && !el.closest('.sr-only') && !el.classList.contains('sr-only'),
    );
    const boxes = parts.map((el) => ({ el, box: el.getBoundingClientRect() })).filter(({ box }) => box.height > 0);
    const found: string[] = [];
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 1 && y > 1) found.push(`${a.el.outerHTML.slice(0, 60)} / ${b.el.outerHTML.slice(0, 60)}`);
      }
    return found;
  });
  expect(overlaps).toEqual([]);
  await saveScreenshot(page, `${screenshotDir}${name}-390.png`, { fullPage: true });
}

/** What an owner does in the wizard, through the owner API: create, customise, logo, team photo, publish. */
async function publishedSurvey(owner: ApiUser, lang: Lang): Promise<Survey> {
  const created = await createSampleSurvey(owner, `Bistro ${lang.toUpperCase()}`, {
    ...ownerTexts[lang],
    language: lang,
    googleBusinessUrl: googleLinks[lang].pasted,
    customColors: { primaryColor: '#1d4ed8', backgroundColor: '#fefce8' },
    collectContactOnLowRating: true,
    offerPublicReviewToEveryone: false,
  });
  // Decisions 19: either form of the Google link is stored normalised, with https.
  expect(created.googleBusinessUrl).toBe(googleLinks[lang].stored);
  // The contact follow-up text starts at the survey language's default, like the other texts.
  expect(created.contactFollowUpMessage).toBe(surveyDefaultTexts[lang].contactFollowUpMessage);
  await uploadImage(owner, created.id, 'logo', solidPng(192, 80, [29, 78, 216]));
  await uploadImage(owner, created.id, 'team-photo', png);
  return publishSurvey(owner, created.id);
}

async function stepText(page: Page): Promise<string> {
  return (await page.getByTestId('step-indicator').textContent()) ?? '';
}

describe.each(['en', 'nl'] as const)('public survey page of a survey in %s at 390×844', (lang) => {
  const t = texts[lang];
  const b = useBrowser({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    locale: t.browserLocale,
    // The API rate-limits per client address; the test site's proxy gives each user agent its own (viewerAddressOf).
    userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/140 Mobile reviewroute-e2e-${lang}`,
  });
  let survey: Survey;
  let surveyPath: string;

  beforeAll(async () => {
    survey = await publishedSurvey(await createSignedInUser(inject('localStack')), lang);
    // The link the owner shares (and its QR code) is in the survey's language (decisions 17).
    surveyPath = new URL(survey.landingPageUrl!).pathname;
    expect(surveyPath).toBe(`${t.prefix}/surveys/${survey.surveyCode}/${survey.businessSlug}`);
  });

  async function openSurvey(): Promise<Page> {
    const page = b.page();
    await page.goto(surveyPath);
    await page.getByRole('heading', { level: 1, name: survey.businessName }).waitFor();
    await expectOnlyLanguage(page, lang);
    return page;
  }

  it('shows Survey not found for an unknown code', async () => {
    const page = b.page();
    await page.goto(`${t.prefix}/surveys/zzzz2345/nobody`);
    await page.getByRole('heading', { name: t.notFound }).waitFor();
    expect(await page.getByText(t.notFoundText).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await expectNoAxeViolations(page);
  });

  // Decisions 17: the link decides, never the browser (this one speaks the other language) nor a language
  // the visitor once chose in the owner app.
  it('stays in the link’s language with a stored choice of the other language', async () => {
    const page = b.page();
    await page.addInitScript((stored) => window.localStorage.setItem('i18nextLng', stored), otherLanguage(lang));
    await page.goto(surveyPath);
    await page.getByRole('heading', { level: 1, name: survey.businessName }).waitFor();
    await page.getByRole('radio', { name: t.stars(1), exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(surveyPath);
    await expectOnlyLanguage(page, lang);
  });

  it('rating 1 asks for contact details, stores them and shows the low message and that the business may get in touch', async () => {
    const page = await openSurvey();
    expect(await stepText(page)).toContain(t.step(1));
    await expectNoAxeViolations(page);
    expect(await page.getByLabel(t.name).count()).toBe(0);

    await page.getByRole('radio', { name: t.stars(1), exact: true }).check();
    expect(await stepText(page)).toContain(t.step(2));
    await page.getByText(t.draftSaved).waitFor();
    await page.getByLabel(t.name).fill('Lena Low');
    await page.getByLabel(t.email).fill('lena@example.com');
    await page.getByLabel(t.comment).fill('The soup was cold.');
    expect(await stepText(page)).toContain(t.step(3));
    expect(await page.getByTestId('comment-counter').textContent()).toContain('18/500');
    await expectOnlyLanguage(page, lang);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: t.submit }).click();
    await page.getByTestId('thank-you-low').waitFor();
    expect(await page.getByText(survey.lowRatingMessage).isVisible()).toBe(true);
    // Left an e-mail address: told, in the survey's words (here its language's default), that they may be contacted.
    const followUp = page.getByTestId('contact-follow-up');
    expect(await followUp.isVisible()).toBe(true);
    expect(await followUp.textContent()).toBe(surveyDefaultTexts[lang].contactFollowUpMessage);
    expect(await page.getByRole('button', { name: t.review }).count()).toBe(0);
    await checkThankYouScreen(page, `thank-you-low-${lang}`);
    await expectOnlyLanguage(page, lang);
    await expectNoAxeViolations(page);

    const stored = (await storedResponses(survey.id)).find((r) => r.comment === 'The soup was cold.');
    expect(stored).toMatchObject({ rating: 1, customerName: 'Lena Low', customerEmail: 'lena@example.com' });
    // The draft is gone after the submit: a fresh visit starts empty.
    await page.reload();
    await page.getByRole('radio', { name: t.stars(1), exact: true }).waitFor();
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
  });

  it('restores the draft after a reload; rating 5 opens the Google review page and flags the response', async () => {
    const page = await openSurvey();
    await page.getByRole('radio', { name: t.stars(5), exact: true }).check();
    await page.getByLabel(t.comment).fill('Best pasta in town!');

    await page.reload();
    await page.getByLabel(t.comment).waitFor();
    expect(await page.getByLabel(t.comment).inputValue()).toBe('Best pasta in town!');
    expect(await page.getByRole('radio', { name: t.stars(5), exact: true }).isChecked()).toBe(true);
    expect(await stepText(page)).toContain(t.step(3));

    await page.getByRole('button', { name: t.submit }).click();
    await page.getByTestId('thank-you-high').waitFor();
    expect(await page.getByText(survey.highRatingMessage).isVisible()).toBe(true);
    expect(await page.getByText(survey.googleReviewPrompt).isVisible()).toBe(true);
    const photo = page.getByRole('img', { name: t.teamAlt(survey.businessName) });
    await photo.waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
    expect(await page.getByRole('button', { name: t.copy }).isVisible()).toBe(true);
    // Copying the comment is the step before Google, so it is seen before the customer leaves for Google.
    const copyBox = (await page.getByRole('button', { name: t.copy }).boundingBox())!;
    const reviewBox = (await page.getByRole('button', { name: t.review }).boundingBox())!;
    expect(copyBox.y + copyBox.height).toBeLessThanOrEqual(reviewBox.y);
    await expectOnlyLanguage(page, lang);
    await expectNoAxeViolations(page);
    await checkThankYouScreen(page, `thank-you-high-${lang}`);

    const [response] = (await storedResponses(survey.id)).filter((r) => r.comment === 'Best pasta in town!');
    expect(response).toMatchObject({ rating: 5, googleReviewClicked: false });

    // The machine is offline: the Google page is answered here, and the request's URL is what counts.
    const googleRequests: string[] = [];
    for (const pattern of ['https://search.google.com/**', 'https://g.page/**']) {
      await b.context().route(pattern, async (route) => {
        googleRequests.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google review</title>' });
      });
    }
    const [popup] = await Promise.all([
      b.context().waitForEvent('page'),
      page.getByRole('button', { name: t.review }).click(),
    ]);
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toBe(survey.googleBusinessUrl);
    expect(googleRequests).toEqual([survey.googleBusinessUrl]);
    await expect
      .poll(
        async () =>
          (await storedResponses(survey.id)).find((r) => r.responseId === response!.responseId)?.googleReviewClicked,
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
  });

  it('can be rated, commented and submitted with the keyboard alone (mid band)', async () => {
    const page = await openSurvey();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('radio');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: t.stars(3), exact: true }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Good, a bit slow.');
    expect(await page.getByLabel(t.comment).inputValue()).toBe('Good, a bit slow.');
    // The optional box that allows the review on the business's website (decisions 27) comes first, left unticked.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('checkbox');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.submit);
    await page.keyboard.press('Enter');

    await page.getByTestId('thank-you-mid').waitFor();
    expect(await page.getByText(survey.midRatingMessage).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.thanks);
    expect(await page.getByRole('button', { name: t.review }).count()).toBe(0);
    expect(await page.getByTestId('contact-follow-up').count()).toBe(0);
    await expectNoAxeViolations(page);
    await checkThankYouScreen(page, `thank-you-mid-${lang}`);
    expect((await storedResponses(survey.id)).find((r) => r.comment === 'Good, a bit slow.')?.rating).toBe(3);
  });

  // A crowd at one code can meet a brief rate limit: the page says it is busy and retries once by itself after
  // the 429's Retry-After, so the customer never taps again. The browser answers the first post with the
  // API's 429 contract; the second reaches the stack.
  it('waits out a 429 by itself, says so, and stores the response once', async () => {
    const page = await openSurvey();
    const posts: number[] = [];
    await page.route(`**/api/public/surveys/${survey.surveyCode}/responses`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts.push(Date.now());
      if (posts.length > 1) return route.continue();
      await route.fulfill({
        status: statusOf('RATE_LIMITED'),
        headers: { 'retry-after': '2', 'content-type': 'application/json' },
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: defaultErrorMessages.RATE_LIMITED } }),
      });
    });
    await page.getByRole('radio', { name: t.stars(4), exact: true }).check();
    await page.getByLabel(t.comment).fill('Busy evening, still good.');
    await page.getByRole('button', { name: t.submit }).click();

    await page.getByText(t.busy).waitFor();
    await page.getByTestId('thank-you-mid').waitFor();
    expect(posts).toHaveLength(2);
    // Retry-After: 2 was honoured (the page did not retry at once).
    expect(posts[1]! - posts[0]!).toBeGreaterThanOrEqual(1900);
    await expectOnlyLanguage(page, lang);
    const stored = (await storedResponses(survey.id)).filter((r) => r.comment === 'Busy evening, still good.');
    expect(stored.map((r) => r.rating)).toEqual([4]);
  });

  // Decisions 17: a survey's link carries its language. One under the other language's prefix (shared before
  // the owner changed the language, or typed) is replaced by the survey's own, in place: Back leaves the page.
  it('replaces a link under the other language’s prefix by the survey’s own link', async () => {
    const page = b.page();
    const otherPrefix = texts[otherLanguage(lang)].prefix;
    const wrong = `${otherPrefix}/surveys/${survey.surveyCode}/${survey.businessSlug}`;
    await page.goto(`${wrong}?src=qr`);
    await page.getByRole('heading', { level: 1, name: survey.businessName }).waitFor();
    await page.waitForURL((url) => url.pathname === surveyPath);
    expect(new URL(page.url()).search).toBe('?src=qr');
    await page.getByRole('radio', { name: t.stars(1), exact: true }).waitFor();
    await expectOnlyLanguage(page, lang);
    await expectNoAxeViolations(page);
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe(wrong);
  });
});

describe('a survey made in Dutch from step 1, opened in an English browser', () => {
  const b = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('accepts Google’s share link in step 1, stores it normalised and gives a fully Dutch page at /nl', async () => {
    const page = b.page();
    const owner = await signInThroughUi(page, 'en');
    await page.goto('/survey-setup');
    await page.getByLabel('Business name').fill('Bakkerij Het Anker');
    await page.getByLabel('Owner name').fill('Anna de Vries');
    await page.getByLabel('Google review page URL').fill('https://www.g.page/r/CbcPR2x8E3YBEAE/review/');
    await page.getByLabel('Support email').fill('anna@bakkerij.example');
    await page.getByRole('radio', { name: 'Nederlands (Dutch)' }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath(page, '/landing-page-preview');

    // Checked through the API: the link is stored as https://g.page/r/{id}/review, the survey is Dutch,
    // and so are its default texts.
    const apiUser = { ...owner, tokens: await signIn(inject('localStack'), owner.email, owner.password) };
    const [listed] = surveyListResponseSchema.parse(await callOwnerApi(apiUser, 'GET', '/api/surveys')).surveys;
    const stored = await callOwnerApi(apiUser, 'GET', `/api/surveys/${listed!.id}`);
    expect(stored).toMatchObject({
      googleBusinessUrl: 'https://g.page/r/CbcPR2x8E3YBEAE/review',
      language: 'nl',
      customPrompt: surveyDefaultTexts.nl.customPrompt,
      googleReviewPrompt: surveyDefaultTexts.nl.googleReviewPrompt,
    });

    const published = await publishSurvey(apiUser, listed!.id);
    const link = new URL(published.landingPageUrl!);
    expect(link.pathname).toBe(`/nl/surveys/${published.surveyCode}/${published.businessSlug}`);

    // The owner's own interface stays English; the customer's page (a browser in en-US) is Dutch throughout.
    const visitor = await b.browser().newContext({ baseURL: page.url(), locale: 'en-US' });
    const customerPage = await visitor.newPage();
    await customerPage.goto(link.pathname);
    await customerPage.getByRole('heading', { level: 1, name: 'Bakkerij Het Anker' }).waitFor();
    await customerPage.getByText(surveyDefaultTexts.nl.customPrompt).waitFor();
    expect(new URL(customerPage.url()).pathname).toBe(link.pathname);
    await expectOnlyLanguage(customerPage, 'nl');
    await expectNoAxeViolations(customerPage);
    await customerPage.getByRole('radio', { name: texts.nl.stars(4), exact: true }).check();
    await customerPage.getByLabel(texts.nl.comment).waitFor();
    await expectOnlyLanguage(customerPage, 'nl');
    await expectNoAxeViolations(customerPage);
    await visitor.close();
  });
});
