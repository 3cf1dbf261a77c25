import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { minSubmitElapsedMs, type Survey } from '@reviewroute/shared';
import { expectNoAxeViolations, saveScreenshot, launchBrowser, newContext } from '../support/browser';
import { createSignedInUser, type TestUser } from '../support/cognito';
import { submitSignIn, texts, waitForPath, type Lang } from '../support/app-flows';
import { createSampleSurvey, publishSurvey } from '../support/api';

/**
 * Every owner screen and the public survey page at a phone's and a laptop's width, in both languages: a
 * screenshot of each for a person to look at, and the checks a person would make on a phone (nothing wider
 * than the screen, no control on top of another) plus axe. One browser; one context per width and language.
 */

const screenshotDir = fileURLToPath(new URL('../.artifacts/screenshots/screens/', import.meta.url));
mkdirSync(screenshotDir, { recursive: true });

const widths = { phone: { width: 360, height: 780 }, laptop: { width: 1280, height: 900 } } as const;
type Width = keyof typeof widths;
const languages = ['en', 'nl'] as const satisfies readonly Lang[];
const locales: Record<Lang, string> = { en: 'en-US', nl: 'nl-NL' };

/** A text from the app's own catalogues, so layout checks do not break when a wording changes. */
function catalogueText(lang: Lang, namespace: string, key: string): string {
  const file = new URL(`../../web/src/locales/${lang}/${namespace}.json`, import.meta.url);
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      JSON.parse(readFileSync(file, 'utf8')),
    );
  if (typeof value !== 'string') throw new Error(`No text ${lang}/${namespace}:${key}`);
  return value;
}

/** The English app path in `lang`'s copy of the app (the owner screens have no Dutch slugs). */
const localized = (lang: Lang, path: string) => `${texts[lang].prefix}${path}`;

const interactiveSelector =
  'a[href], button, input, select, textarea, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="combobox"]';

interface LayoutProblems {
  overflowing: string[];
  overlapping: string[];
}

/**
 * Runs in the page. An element overflows when the part of it that no scrolling or clipping ancestor hides
 * reaches past the viewport's sides; two interactive elements overlap when their visible boxes share more
 * than a pixel each way. Hidden, screen-reader-only and modal-covered (aria-hidden) elements do not count.
 */
function findLayoutProblems(selector: string): LayoutProblems {
  const viewportWidth = document.documentElement.clientWidth;
  const name = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const testId = el.getAttribute('data-testid');
    const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}> "${label}"`;
  };
  type Box = { left: number; right: number; top: number; bottom: number };
  const everywhere: Box = { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
  // Both walks up the tree are memoised per node: a page has a few thousand elements.
  const hiddenCache = new Map<Element, boolean>();
  const hidden = (node: Element | null): boolean => {
    if (!node) return false;
    let answer = hiddenCache.get(node);
    if (answer === undefined) {
      const style = getComputedStyle(node);
      answer =
        style.display === 'none' ||
        style.visibility === 'hidden' ||
        style.opacity === '0' ||
        node.getAttribute('aria-hidden') === 'true' ||
        node.hasAttribute('inert') ||
        hidden(node.parentElement);
      hiddenCache.set(node, answer);
    }
    return answer;
  };
  const shown = (el: Element) => !hidden(el);
  /** The region the node lets its content show in: its own box where it clips, cut by its ancestors'. */
  const clipCache = new Map<Element, Box>();
  const clipOf = (node: Element | null): Box => {
    if (!node || node === document.body) return everywhere;
    let clip = clipCache.get(node);
    if (!clip) {
      const outer = clipOf(node.parentElement);
      const style = getComputedStyle(node);
      const clipsX = style.overflowX !== 'visible' || style.clip.startsWith('rect');
      const clipsY = style.overflowY !== 'visible' || style.clip.startsWith('rect');
      const r = node.getBoundingClientRect();
      clip = {
        left: clipsX ? Math.max(outer.left, r.left) : outer.left,
        right: clipsX ? Math.min(outer.right, r.right) : outer.right,
        top: clipsY ? Math.max(outer.top, r.top) : outer.top,
        bottom: clipsY ? Math.min(outer.bottom, r.bottom) : outer.bottom,
      };
      clipCache.set(node, clip);
    }
    return clip;
  };
  /** The element's box cut to what its clipping ancestors let through (the page itself does not clip). */
  const visibleBox = (el: Element, own: DOMRect = el.getBoundingClientRect()): Box => {
    const clip = clipOf(el.parentElement);
    return {
      left: Math.max(own.left, clip.left),
      right: Math.min(own.right, clip.right),
      top: Math.max(own.top, clip.top),
      bottom: Math.min(own.bottom, clip.bottom),
    };
  };
  const sized = (box: Box) => box.right - box.left > 1 && box.bottom - box.top > 1;

  const overflowing: string[] = [];
  if (document.documentElement.scrollWidth > viewportWidth + 1) {
    overflowing.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${viewportWidth} px`);
  }
  const wide = Array.from(document.body.querySelectorAll('*')).filter((el) => {
    const box = visibleBox(el);
    return sized(box) && (box.right > viewportWidth + 1 || box.left < -1) && shown(el);
  });
  // Only the innermost ones: their ancestors are wide because of them.
  for (const el of wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)))) {
    const box = el.getBoundingClientRect();
    overflowing.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
  }

  const controls = Array.from(document.body.querySelectorAll(selector))
    .filter((el) => getComputedStyle(el).pointerEvents !== 'none' && shown(el))
    // A link that wraps inside a sentence has a box per line; their union would overlap its neighbours.
    .map((el) => ({ el, boxes: Array.from(el.getClientRects(), (rect) => visibleBox(el, rect)).filter(sized) }))
    .filter(({ boxes }) => boxes.length > 0);
  const overlapping: string[] = [];
  controls.forEach((a, i) => {
    for (const b of controls.slice(i + 1)) {
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      // shadcn's sidebar menu action sits in the right padding its menu button keeps free for it.
      const pair = [a.el, b.el];
      if (a.el.parentElement === b.el.parentElement && pair.some((el) => el.matches('[data-sidebar="menu-action"]'))) {
        continue;
      }
      const touching = a.boxes.some((one) =>
        b.boxes.some((other) => {
          const width = Math.min(one.right, other.right) - Math.max(one.left, other.left);
          const height = Math.min(one.bottom, other.bottom) - Math.max(one.top, other.top);
          return width > 1 && height > 1;
        }),
      );
      if (touching) overlapping.push(`${name(a.el)} and ${name(b.el)}`);
    }
  });
  return { overflowing: overflowing.slice(0, 20), overlapping };
}

/** Waits until the screen has no loading placeholders left and its images and fonts are in. */
async function settled(page: Page): Promise<void> {
  // Two frames: the resize's re-render and its layout are in.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"], [data-slot="skeleton"]').length ===
        0 && Array.from(document.images).every((img) => img.complete),
  );
  await page.evaluate(() => document.fonts.ready);
}

interface ScreenOptions {
  /** One width only (a state that exists at that width, like the phone's menu sheet). */
  only?: Width;
  /** A modal covers the page: the viewport shows what the person sees. */
  viewportOnly?: boolean;
}

/**
 * The screen the page shows now, at each width (the same page resized: no reload): a screenshot at both;
 * at the phone's width the layout checks and axe. Leaves the page at the laptop's width unless `only` says
 * otherwise.
 */
async function checkScreen(page: Page, lang: Lang, screen: string, options: ScreenOptions = {}): Promise<void> {
  for (const width of options.only ? [options.only] : (['phone', 'laptop'] as const)) {
    await page.setViewportSize(widths[width]);
    await settled(page);
    await saveScreenshot(page, `${screenshotDir}${screen}-${lang}-${widths[width].width}.png`, {
      fullPage: !options.viewportOnly,
    });
    if (width !== 'phone') continue;
    const problems = await page.evaluate(findLayoutProblems, interactiveSelector);
    expect.soft(problems.overflowing, `wider than the screen on ${screen} (${lang})`).toEqual([]);
    expect.soft(problems.overlapping, `controls on top of each other on ${screen} (${lang})`).toEqual([]);
    await expectNoAxeViolations(page);
  }
}

let browser: Browser;
let owner: TestUser;
const publishedSurveys = {} as Record<Lang, Survey>;

beforeAll(async () => {
  browser = await launchBrowser();
  const apiOwner = await createSignedInUser(inject('localStack'));
  owner = apiOwner;
  // A survey in each language, as an owner would publish it (decisions 17: its page speaks its language).
  for (const lang of languages) {
    const created = await createSampleSurvey(apiOwner, lang === 'nl' ? 'Bakkerij De Vries' : 'Corner Bakery', {
      collectContactOnLowRating: true,
      language: lang,
    });
    publishedSurveys[lang] = await publishSurvey(apiOwner, created.id);
  }
});

afterAll(async () => {
  await browser?.close();
});

describe.each(languages)('every screen in %s, at 360 and 1280 px', (lang) => {
  const text = (namespace: string, key: string) => catalogueText(lang, namespace, key);
  const t = texts[lang];
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, {
      viewport: widths.laptop,
      reducedMotion: 'reduce',
      locale: locales[lang],
      // The public submit's rate limit keys on the client's address, which the test site's proxy derives from the
      // user agent (viewerAddressOf): each language is its own visitor.
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/140 reviewroute-screens-${lang}`,
    });
    // The stored language choice wins over the path (spec 2): this visitor chose `lang`.
    await context.addInitScript((language) => localStorage.setItem('i18nextLng', language), lang);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  /** Starts a test on `path` at the laptop's width, whatever the test before left behind. */
  async function startAt(path: string): Promise<void> {
    await page.setViewportSize(widths.laptop);
    const { pathname, search } = new URL(page.url());
    if (`${pathname}${search}` !== path) await page.goto(path);
  }

  it('home (its header and language toggle), auth: sign up and sign in, then the owner signs in', async () => {
    await page.goto(lang === 'nl' ? '/nl' : '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkScreen(page, lang, 'home', { viewportOnly: true });

    await page.goto(localized(lang, '/auth'));
    await page.getByRole('tabpanel', { name: t.signUpTab }).waitFor();
    await checkScreen(page, lang, 'auth-sign-up');
    await page.getByRole('tab', { name: t.signInTab }).click();
    await page.getByRole('tabpanel', { name: t.signInTab }).waitFor();
    await checkScreen(page, lang, 'auth-sign-in');
    await submitSignIn(page, lang, owner.email, owner.password);
    await waitForPath(page, localized(lang, '/dashboard'));
  });

  it('dashboard, and its menu on a phone', async () => {
    await startAt(localized(lang, '/dashboard'));
    await page.getByTestId('stat-review-count').waitFor();
    // The sign-in toast leaves on its own timer: closed here, as a person would, so each run sees the same screen.
    for (const close of await page.getByRole('button', { name: text('common', 'toasts.close') }).all()) {
      // It may have left on its own meanwhile.
      await close.click({ timeout: 2000 }).catch(() => undefined);
    }
    await checkScreen(page, lang, 'dashboard');

    await page.setViewportSize(widths.phone);
    await page
      .getByRole('button', { name: text('dashboard', 'sidebar.toggle') })
      .first()
      .click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: text('dashboard', 'sidebar.createSurvey') })
      .waitFor();
    await checkScreen(page, lang, 'dashboard-menu', { only: 'phone', viewportOnly: true });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.setViewportSize(widths.laptop);
  });

  it('account settings (through the account menu) and payments', async () => {
    await startAt(localized(lang, '/dashboard'));
    await page.getByRole('button', { name: text('dashboard', 'accountMenu.trigger') }).click();
    await page.getByRole('menuitem', { name: text('dashboard', 'accountMenu.settings') }).click();
    await waitForPath(page, localized(lang, '/account'));
    await page.getByRole('heading', { level: 1, name: text('dashboard', 'account.title') }).waitFor();
    await checkScreen(page, lang, 'account');

    await page.goto(localized(lang, '/payments'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await checkScreen(page, lang, 'payments');
  });

  it('each wizard step of a survey being edited', async () => {
    const survey = publishedSurveys[lang];
    await page.goto(`${localized(lang, '/dashboard')}?survey=${survey.id}`);
    await page
      .getByRole('main')
      .getByRole('button', { name: text('dashboard', 'quickActions.edit'), exact: true })
      .click();
    const steps = page.getByRole('navigation', { name: text('wizard', 'steps.label') }).getByRole('link');
    const stepScreens = [
      { path: '/survey-setup', heading: 'business.heading', screen: 'wizard-1-business' },
      { path: '/landing-page-preview', heading: 'landing.heading', screen: 'wizard-2-landing' },
      { path: '/review-routing-setup', heading: 'routing.heading', screen: 'wizard-3-routing' },
      { path: '/distribution-instructions', heading: 'distribution.heading', screen: 'wizard-4-distribution' },
    ];
    for (const [index, step] of stepScreens.entries()) {
      if (index > 0) await steps.nth(index).click();
      await waitForPath(page, localized(lang, step.path));
      await page.getByRole('heading', { name: text('wizard', step.heading) }).waitFor();
      if (step.path === '/distribution-instructions') await page.getByText(survey.surveyCode!).first().waitFor();
      await checkScreen(page, lang, step.screen);
    }
  });

  it('a new survey from the sidebar', async () => {
    await page.setViewportSize(widths.laptop);
    await page.getByRole('link', { name: text('dashboard', 'sidebar.createSurvey') }).click();
    await waitForPath(page, localized(lang, '/survey-setup'));
    await page.getByRole('heading', { name: text('wizard', 'business.heading') }).waitFor();
    await checkScreen(page, lang, 'wizard-1-new');
  });

  it('the public survey page: form, thank-you, not found', async () => {
    const survey = publishedSurveys[lang];
    const surveyPath = new URL(survey.landingPageUrl!).pathname;
    await page.goto(surveyPath);
    await page.getByRole('heading', { level: 1, name: survey.businessName }).waitFor();
    await checkScreen(page, lang, 'public-form');

    const stars = (count: number) => text('survey', 'rating.star_other').replace('{{count}}', String(count));
    await page.getByRole('radio', { name: stars(2), exact: true }).check();
    const startedAt = await page.evaluate(() => performance.now());
    await page.getByLabel(text('survey', 'contact.name')).waitFor();
    await checkScreen(page, lang, 'public-form-low-rating');

    await page.getByRole('radio', { name: stars(5), exact: true }).check();
    await page.getByLabel(text('survey', 'comment.label')).fill('Lovely bread and friendly staff.');
    // The API refuses a submit faster than a person could fill the form; the screens above usually took longer.
    await page.waitForFunction((earliest) => performance.now() > earliest, startedAt + minSubmitElapsedMs + 500);
    await page.getByRole('button', { name: text('survey', 'submit') }).click();
    await page.getByTestId('thank-you-high').waitFor();
    // The screen itself says thank you: no toast repeats it over the business's logo.
    expect(await page.locator('[data-sonner-toast], [data-testid^="toast-"]').count()).toBe(0);
    await checkScreen(page, lang, 'public-thank-you');

    await page.goto(localized(lang, '/surveys/zzzz2345/nobody'));
    await page.getByRole('heading', { name: text('survey', 'notFound.title') }).waitFor();
    await checkScreen(page, lang, 'public-not-found');
  });
});
