import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, inject, it } from 'vitest';
import { uploadTicketSchema, type Survey } from '@reviewroute/shared';
import { downloadedBytes, expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { callOwnerApi, createSampleSurvey, publishSurvey, type ApiUser } from '../support/api';
import { signInThroughUi, waitForPath, type Lang } from '../support/app-flows';

/** Visible texts, exactly as web/src/locales/{en,nl}/{common,survey}.json have them. */
const texts = {
  en: {
    downloadQr: 'Download QR code',
    downloadPoster: 'Download poster (A5)',
    downloadPosterSvg: 'Poster as SVG (for editing)',
    completeSetup: 'Complete setup',
    created: 'Survey created successfully!',
    qrAlt: (url: string) => `QR code that opens ${url}`,
    posterHeadline: 'How did we do?',
    notFound: 'Survey not found',
    notFoundText: "The survey you're looking for doesn't exist or is no longer active.",
    notFoundContact: 'please contact the business that shared this link with you',
    footer: 'About this page',
    privacy: 'Privacy',
    poweredBy: 'Powered by ReviewRoute',
  },
  nl: {
    downloadPoster: 'Poster downloaden (A5)',
    completeSetup: 'Instellen voltooien',
    created: 'Enquête aangemaakt!',
    posterHeadline: 'Hoe hebben we het gedaan?',
    notFound: 'Enquête niet gevonden',
    notFoundText: 'De enquête die je zoekt bestaat niet of is niet meer actief.',
    notFoundContact: 'Neem dan contact op met het bedrijf dat deze link met je heeft gedeeld.',
    footer: 'Over deze pagina',
    privacy: 'Privacybeleid',
    poweredBy: 'Mogelijk gemaakt door ReviewRoute',
    stars: (n: number) => `${n} sterren`,
    comment: 'Je opmerking (optioneel)',
    submit: 'Feedback versturen',
    privacyNote: (business: string) => `${business} gebruikt je gegevens alleen om op je feedback te reageren.`,
    privacyLink: 'Privacybeleid',
    thanks: 'Bedankt!',
    copy: 'Kopieer je opmerking',
  },
} as const;

const stack = () => inject('localStack');
const artifacts = path.resolve('tests/.artifacts/survey-share');

/** The text of the QR code in a PNG, read by a real decoder (jsQR); undefined when none is found. */
function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** A plain 96 × 48 teal PNG: a logo that is not itself a QR code, so the poster holds exactly one. */
function logoPng(): Buffer {
  const image = new PNG({ width: 96, height: 48 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([15, 118, 110, 255], i);
  return PNG.sync.write(image);
}

/** The owner's logo upload as the wizard does it: ticket, straight to storage, confirm. */
async function uploadLogo(owner: ApiUser, surveyId: string): Promise<void> {
  const file = logoPng();
  const ticket = uploadTicketSchema.parse(
    await callOwnerApi(owner, 'POST', `/api/surveys/${surveyId}/uploads`, {
      kind: 'logo',
      contentType: 'image/png',
      size: file.length,
    }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'logo.png');
  expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  await callOwnerApi(owner, 'POST', `/api/surveys/${surveyId}/uploads/confirm`, { kind: 'logo', key: ticket.key });
}

/** A published Dutch survey with a logo, asking low raters for contact details. */
async function dutchSurvey(owner: ApiUser, businessName: string): Promise<Survey> {
  const created = await createSampleSurvey(owner, businessName, {
    language: 'nl',
    customPrompt: 'Hoe was je bezoek?',
    collectContactOnLowRating: true,
    offerPublicReviewToEveryone: false,
  });
  await uploadLogo(owner, created.id);
  return publishSurvey(owner, created.id);
}

/** Clicks `button` and returns the file the browser saved, with its suggested name. */
async function download(page: Page, button: Locator): Promise<{ name: string; data: Buffer }> {
  const [saved] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: saved.suggestedFilename(), data: await downloadedBytes(saved) };
}

/**
 * Renders the poster file in Chromium as an image at its printed size (A5 at 96 dpi is 559 × 794 px), keeps
 * the file and the rendering for people to look at, and returns the rendering.
 */
async function renderPoster(page: Page, svg: Buffer, name: string): Promise<Buffer> {
  await mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, name);
  await writeFile(file, svg);
  const poster = await page.context().newPage();
  try {
    await poster.setViewportSize({ width: 600, height: 820 });
    await poster.setContent(
      `<body style="margin:0"><img alt="poster" src="data:image/svg+xml;base64,${svg.toString('base64')}"></body>`,
    );
    const image = poster.getByRole('img', { name: 'poster' });
    await poster.waitForFunction(() => {
      const img = document.querySelector('img');
      return img?.complete && img.naturalWidth > 0;
    });
    const shot = await image.screenshot();
    await writeFile(file.replace(/\.svg$/, '.png'), shot);
    return shot;
  } finally {
    await poster.close();
  }
}

/** A5 in PDF points (1/72 inch): 148 × 210 mm. */
const a5Points = [(148 * 72) / 25.4, (210 * 72) / 25.4] as const;

/** What a PDF reader (pdf.js, through unpdf) finds in `pdf`: its pages' sizes in points and its text. */
async function readPdf(pdf: Buffer): Promise<{ pageSizes: [number, number][]; text: string }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const pageSizes: [number, number][] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const [x0, y0, x1, y1] = (await doc.getPage(number)).view as [number, number, number, number];
    pageSizes.push([x1 - x0, y1 - y0]);
  }
  const { text } = await extractText(doc, { mergePages: true });
  return { pageSizes, text };
}

/**
 * The panel's QR code, the PNG download and the A5 poster (PDF, and the SVG beside it): the code decodes to
 * `url`, each file is named after the survey's slug. Returns the poster's text as the PDF reader finds it, and
 * the SVG's markup.
 */
async function expectShareFilesDecodeTo(
  page: Page,
  scope: Locator,
  url: string,
  label: string,
): Promise<{ pdfText: string; svg: string }> {
  const t = texts.en;
  const slug = new URL(url).pathname.split('/').pop()!;
  const onScreen = scope.getByRole('img', { name: t.qrAlt(url) });
  // Shown is not yet drawn: a screenshot taken before the image has loaded holds no code. Read until one does.
  await expect.poll(async () => decodeQr(await onScreen.screenshot())).toBe(url);

  const png = await download(page, scope.getByRole('button', { name: t.downloadQr }));
  expect(png.name).toBe(`${slug}-qr.png`);
  const image = PNG.sync.read(png.data);
  expect([image.width, image.height]).toEqual([512, 512]);
  expect(decodeQr(png.data)).toBe(url);

  // The print-ready poster: a PDF of exactly one A5 page.
  const pdf = await download(page, scope.getByRole('button', { name: t.downloadPoster }));
  expect(pdf.name).toBe(`${slug}-poster-a5.pdf`);
  expect(pdf.data.subarray(0, 5).toString()).toBe('%PDF-');
  await mkdir(artifacts, { recursive: true });
  await writeFile(path.join(artifacts, `${label}.pdf`), pdf.data);
  const { pageSizes, text } = await readPdf(pdf.data);
  expect(pageSizes).toHaveLength(1);
  expect(pageSizes[0]![0]).toBeCloseTo(a5Points[0], 0);
  expect(pageSizes[0]![1]).toBeCloseTo(a5Points[1], 0);
  expect(text.replace(/\s/g, '')).toContain(url.replace(/^https?:\/\//, ''));

  // The same poster as an SVG, the second download.
  const poster = await download(page, scope.getByRole('button', { name: t.downloadPosterSvg }));
  expect(poster.name).toBe(`${slug}-poster-a5.svg`);
  const svg = poster.data.toString('utf8');
  expect(svg).toMatch(/<svg [^>]*width="148mm" height="210mm"/);
  expect(decodeQr(await renderPoster(page, poster.data, `${label}.svg`))).toBe(url);
  return { pdfText: text, svg };
}

describe('sharing a survey: QR code on screen, PNG and A5 poster', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 }, locale: 'en-US' });

  it("a Dutch survey's share step and dashboard card show and save a QR code of its /nl/surveys/ link", async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack());
    const survey = await dutchSurvey(owner, 'Bakkerij De Vries');
    const url = survey.landingPageUrl!;
    expect(new URL(url).pathname).toMatch(/^\/nl\/surveys\/[a-z0-9]{8}\/bakkerij-de-vries$/);

    // The owner works in English; the poster speaks the survey's Dutch.
    await signInThroughUi(page, 'en', owner);
    await page.goto(`/distribution-instructions?survey=${survey.id}`);
    const live = page.getByTestId('live-url');
    await live.waitFor();
    expect(await live.inputValue()).toBe(url);
    const main = page.locator('main');
    const { pdfText, svg } = await expectShareFilesDecodeTo(page, main, url, 'share-step-poster');
    for (const text of [pdfText, svg]) {
      expect(text).toContain('Bakkerij De Vries');
      expect(text).toContain(texts.nl.posterHeadline);
      expect(text).not.toContain(texts.en.posterHeadline);
    }
    // The logo travels inside the file, so it prints anywhere.
    expect(svg).toMatch(/<image href="data:image\/png;base64,/);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, path.join(artifacts, 'share-step-1280.png'), { fullPage: true });
    // On a phone the code sits under the link, and nothing of the panel reaches past the screen's edge.
    await page.setViewportSize({ width: 360, height: 740 });
    const panel = page.getByTestId('survey-link-panel');
    await panel.scrollIntoViewIfNeeded();
    const wider = await panel.evaluate((root) =>
      [root, ...root.querySelectorAll('*')]
        .filter((node) => node.getBoundingClientRect().right > 360 && !node.closest('.sr-only'))
        .map((node) => node.outerHTML.slice(0, 120)),
    );
    expect(wider, 'panel elements wider than the phone').toEqual([]);
    const [qrBox, linkBox] = [await page.getByTestId('survey-qr-code').boundingBox(), await live.boundingBox()];
    expect(qrBox!.y).toBeGreaterThan(linkBox!.y + linkBox!.height);
    await saveScreenshot(page, path.join(artifacts, 'share-step-360.png'), { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The dashboard's feedback-collection card: the same code and files.
    await page.goto('/dashboard');
    const card = page.getByTestId('feedback-collection');
    await card.waitFor();
    await expectShareFilesDecodeTo(page, card, url, 'dashboard-poster');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, path.join(artifacts, 'dashboard-1280.png'), { fullPage: true });

    // The Dutch labels are the longest ("Poster als SVG (om te bewerken)"): they wrap inside the card.
    await page.goto('/nl/dashboard');
    const dutchCard = page.getByTestId('feedback-collection');
    await dutchCard.getByRole('button', { name: 'Poster als SVG (om te bewerken)' }).waitFor();
    const outside = await dutchCard.evaluate((root) => {
      const edge = root.getBoundingClientRect().right;
      return [...root.querySelectorAll('*')]
        .filter((node) => node.getBoundingClientRect().right > edge + 0.5 && !node.closest('.sr-only'))
        .map((node) => node.outerHTML.slice(0, 120));
    });
    expect(outside, 'card elements past its right edge').toEqual([]);
    await saveScreenshot(page, path.join(artifacts, 'dashboard-nl-1280.png'), { fullPage: true });
  });
});

/** A rectangle in the viewport, as getBoundingClientRect has it. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The toast's box once it has stopped moving (sonner slides it in), read until two reads agree. */
async function settledBox(toast: Locator): Promise<Box> {
  const read = () =>
    toast.evaluate((node) => {
      const { left, top, right, bottom } = node.getBoundingClientRect();
      return { left, top, right, bottom };
    });
  let last = await read();
  await expect
    .poll(async () => {
      const now = await read();
      const same = JSON.stringify(now) === JSON.stringify(last);
      last = now;
      return same;
    })
    .toBe(true);
  return last;
}

/** The names of the page's visible buttons (and links drawn as buttons) that `box` overlaps, toasts' own aside. */
const buttonsUnder = (page: Page, box: Box): Promise<string[]> =>
  page.evaluate(
    (toast) =>
      [...document.querySelectorAll('button, [role="button"], a[data-slot="button"], input[type="submit"]')]
        .filter((node) => !node.closest('[data-sonner-toaster]'))
        .filter((node) => {
          const r = node.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || getComputedStyle(node).visibility === 'hidden') return false;
          return r.left < toast.right && r.right > toast.left && r.top < toast.bottom && r.bottom > toast.top;
        })
        .map(
          (node) => (node.textContent ?? '').trim() || node.getAttribute('aria-label') || node.outerHTML.slice(0, 80),
        ),
    box,
  );

describe.each([
  { lang: 'en' as Lang, locale: 'en-US', prefix: '' },
  { lang: 'nl' as Lang, locale: 'nl-NL', prefix: '/nl' },
])('step 4 right after publishing ($lang)', ({ lang, locale, prefix }) => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 }, locale });
  const t = texts[lang];

  it('shows "Survey created" where it covers no button, at 1280 and at 390 px', async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack());
    await signInThroughUi(page, lang, owner);
    const toasts = page.locator('[data-sonner-toast]');
    for (const { width, height } of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width, height });
      const survey = await createSampleSurvey(owner, `Toast Bakery ${lang} ${width}`, { language: lang });
      await page.goto(`${prefix}/review-routing-setup?survey=${survey.id}`);
      await page.getByRole('button', { name: t.completeSetup }).click();
      await waitForPath(page, `${prefix}/distribution-instructions`);
      const created = toasts.filter({ hasText: t.created });
      await created.waitFor();
      // The share panel is drawn: its buttons are where the owner reaches next.
      const poster = page.getByRole('button', { name: t.downloadPoster });
      await poster.waitFor();
      const box = await settledBox(created);
      expect(await buttonsUnder(page, box), `buttons under the toast at ${width} px`).toEqual([]);
      await saveScreenshot(page, path.join(artifacts, `published-toast-${lang}-${width}.png`));
      // The owner's next click, "Download poster (A5)", works while the toast is still up.
      const [saved] = await Promise.all([page.waitForEvent('download'), poster.click()]);
      expect(saved.suggestedFilename()).toMatch(/-poster-a5\.pdf$/);
      expect(await created.count()).toBe(1);
    }
  });
});

describe('the public survey page on a phone', () => {
  const b = useBrowser({
    reducedMotion: 'reduce',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });

  it('has a footer and a privacy note, and a thank-you screen with no toast on it', async () => {
    const page = b.page();
    await b.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().urls.app! });
    const owner = await createSignedInUser(stack());
    const survey = await dutchSurvey(owner, 'Bakkerij Jansen');
    const t = texts.nl;
    // A Dutch link in an English browser: a Dutch page.
    await page.goto(new URL(survey.landingPageUrl!).pathname);

    const footer = page.getByRole('contentinfo', { name: t.footer });
    await footer.waitFor();
    expect(await footer.textContent()).toContain('Bakkerij Jansen');
    expect(await footer.textContent()).toContain(t.poweredBy);
    expect(await footer.getByRole('link', { name: t.privacy }).getAttribute('href')).toBe('/nl/privacy');

    // The contact fields come with a one-line note on what they are for and the privacy policy.
    expect(await page.getByTestId('privacy-note').count()).toBe(0);
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: t.stars(2) }) })
      .click();
    const note = page.getByTestId('privacy-note');
    await note.waitFor();
    expect(await note.textContent()).toContain(t.privacyNote('Bakkerij Jansen'));
    expect(await note.getByRole('link', { name: new RegExp(t.privacyLink) }).getAttribute('href')).toBe('/nl/privacy');
    await expectNoAxeViolations(page);

    // A five-star answer with a comment: the thank-you screen offers the review and the copy button.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: t.stars(5) }) })
      .click();
    await page.getByLabel(t.comment).fill('Heerlijk brood!');
    await page.getByRole('button', { name: t.submit }).click();
    // The thank-you screen, or whichever toast comes (so a failed submit shows its own message here).
    await page.locator('[data-testid="thank-you-high"], [data-testid^="toast-"]').first().waitFor();
    // The screen says thank you itself: no toast on top of it.
    expect(await page.locator('[data-testid^="toast-"]').allTextContents()).toEqual([]);
    const copy = page.getByRole('button', { name: t.copy });
    await copy.waitFor();
    await saveScreenshot(page, path.join(artifacts, 'thank-you-360.png'));
    await copy.click();
    await page
      .getByRole('status')
      .filter({ hasText: /gekopieerd|klembord/i })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
  });

  it("shows a branded Survey not found page in the link's language", async () => {
    const page = b.page();
    for (const [lang, prefix] of [
      ['en', ''],
      ['nl', '/nl'],
    ] as const) {
      const t = texts[lang];
      await page.goto(`${prefix}/surveys/zzzzzzzz/nothing-here`);
      await page.getByRole('heading', { level: 1, name: t.notFound }).waitFor();
      const notFound = page.getByTestId('survey-not-found');
      expect(await notFound.textContent()).toContain(t.notFoundText);
      expect(await notFound.textContent()).toContain(t.notFoundContact);
      expect(await notFound.getByTestId('brand-mark').isVisible()).toBe(true);
      const footer = page.getByRole('contentinfo', { name: t.footer });
      expect(await footer.textContent()).toContain(t.poweredBy);
      expect(await footer.getByRole('link', { name: t.privacy }).getAttribute('href')).toBe(`${prefix}/privacy`);
      // Not the unstyled page: ReviewRoute's tinted background.
      expect(await notFound.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toMatch(
        /^rgba?\(255, 255, 255/,
      );
      await mkdir(artifacts, { recursive: true });
      await saveScreenshot(page, path.join(artifacts, `not-found-${lang}-360.png`));
      await expectNoAxeViolations(page);
    }
  });
});
