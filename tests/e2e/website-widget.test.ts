import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pathOf, surveyWidgetSchema, type Survey, type SurveyWidget } from '@reviewroute/shared';
import { expectNoAxeViolations, newContext, saveScreenshot, useBrowser } from '../support/browser';
import { createConfirmedUser, signIn } from '../support/cognito';
import { signInThroughUi } from '../support/app-flows';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiUser } from '../support/api';
import { waitForMail } from '../support/inbox';

const stack = inject('localStack');
const api = stack.urls.api;

/**
 * Decisions 27 on the owner's own site: three customers rate (a 5 with consent, invited by a review request; a 1
 * with consent, through the public link; a 4 without consent); a static page on another origin with the snippet the
 * owner copied from the dashboard shows the average of all three, both consented comments with their invitation
 * labels, and nothing of the third; once the owner hides one for a listed reason, the widget says so. Texts as
 * shared/src/domain/website-widget.ts and web/src/locales/{en,nl}/common.json have them.
 */
const texts = {
  en: {
    prefix: '',
    title: (business: string) => `Reviews of ${business}`,
    average: '3.3',
    averageLabel: '3.3 out of 5 stars',
    count: 'Based on all 3 ratings',
    rated1: 'Rated 1 out of 5',
    rated5: 'Rated 5 out of 5',
    invited: 'Invited after a visit',
    qr: 'Via the business’s QR code',
    hidden: '1 hidden by the business: personal data (1)',
    disclosure: 'How these reviews are collected',
    snippetLabel: 'Snippet with a script (recommended)',
    frameLabel: 'Snippet with an iframe',
  },
  nl: {
    prefix: '/nl',
    title: (business: string) => `Beoordelingen van ${business}`,
    average: '3,3',
    averageLabel: '3,3 van de 5 sterren',
    count: 'Op basis van alle 3 beoordelingen',
    rated1: '1 van de 5 sterren',
    rated5: '5 van de 5 sterren',
    invited: 'Uitgenodigd na een bezoek',
    qr: 'Via de QR-code van het bedrijf',
    hidden: '1 verborgen door het bedrijf: persoonsgegevens (1)',
    disclosure: 'Hoe deze beoordelingen worden verzameld',
    snippetLabel: 'Fragment met een script (aanbevolen)',
    frameLabel: 'Fragment met een iframe',
  },
} as const;
type Lang = keyof typeof texts;

/** A page of the owner's own website with one of their snippets. */
const ownersPage = (lang: Lang, business: string, snippet: string) => `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${business}</title>
<script>
  // Every layout shift of the page, as Chromium reports it (the widget-cls bench reads the same).
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
</script>
<style>body{font-family:Georgia,serif;margin:24px;max-width:720px}</style></head>
<body><main><h1>${business}</h1><p>Fresh bread every morning.</p>
${snippet}
<p>Open Tuesday to Saturday, 7:00 to 17:00.</p></main></body>
</html>`;

/** The owner's own website: static pages (path -> HTML) on an origin of their own (a port of this test's). */
async function ownersSite(pages: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const html = pages[req.url ?? '/'];
    if (html === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const widgetOf = async (survey: Survey): Promise<SurveyWidget> => {
  const answer = await apiCall(api, 'GET', pathOf('get-survey-widget', { surveyCode: survey.surveyCode! }));
  expect(answer.status).toBe(200);
  return surveyWidgetSchema.parse(answer.body);
};

const submit = async (survey: Survey, body: Record<string, unknown>) => {
  const answer = await apiCall(api, 'POST', pathOf('submit-response', { surveyCode: survey.surveyCode! }), {
    body: { idempotencyKey: randomUUID(), elapsedMs: 9000, ...body },
  });
  expect(answer.status).toBe(201);
  return (answer.body as { responseId: string }).responseId;
};

const shot = (page: Page, name: string) => saveScreenshot(page, `tests/.artifacts/${name}.png`, { fullPage: true });

describe.each(['en', 'nl'] as const)('reviews widget on the owner’s site (%s)', (lang) => {
  const t = texts[lang];
  const b = useBrowser();
  let site: { url: string; server: Server } | undefined;
  afterAll(async () => {
    await new Promise((resolve) => site?.server.close(resolve));
  });

  it(
    'shows the average of every rating, the consented comments with how they came, and what was hidden',
    { timeout: 180_000 },
    async () => {
      const owner = await createConfirmedUser(stack);
      const user: ApiUser = { ...owner, tokens: await signIn(stack, owner.email, owner.password) };
      const business = `Bakkerij Widget ${lang.toUpperCase()}`;
      const survey = await publishSurvey(user, (await createSampleSurvey(user, business, { language: lang })).id);

      // The 5 comes from a review request's personal link, the others from the public link.
      const address = `anna-${randomUUID().slice(0, 8)}@widget.example`;
      await ownerCall(api, user, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        rows: [{ name: 'Anna', email: address }],
        permissionConfirmed: true,
        reminderDays: 0,
      });
      const mail = await waitForMail(stack.urls.inbox, address, { timeoutMs: 30_000 });
      const requestToken = /\?r=([\w-]+)/.exec(mail.body.text ?? '')![1]!;
      await submit(survey, {
        rating: 5,
        comment: 'Het beste brood van de stad.',
        requestToken,
        websiteConsent: { nameStyle: 'first-name', name: 'Anna Jansen' },
      });
      const lowId = await submit(survey, {
        rating: 1,
        comment: 'Lang moeten wachten.',
        websiteConsent: { nameStyle: 'initials', name: 'Bram de Boer' },
      });
      await submit(survey, { rating: 4, comment: 'Prima, niet voor de website.' });
      // Counted from the table's stream: the page is opened once the widget's read has all three.
      await expect
        .poll(
          async () => {
            const w = await widgetOf(survey);
            return [w.count, w.comments.length];
          },
          { timeout: 20_000, interval: 200 },
        )
        .toEqual([3, 2]);

      // The owner copies the snippet from the dashboard.
      const page = b.page();
      await signInThroughUi(page, lang, owner);
      await page.goto(`${t.prefix}/dashboard?survey=${survey.id}`);
      const snippet = await page.getByLabel(t.snippetLabel).inputValue();
      expect(snippet).toContain(`data-survey="${survey.surveyCode}"`);
      await page.getByRole('tab', { name: 'Iframe' }).click();
      const frameSnippet = await page.getByLabel(t.frameLabel).inputValue();

      site = await ownersSite({
        '/': ownersPage(lang, business, snippet),
        '/frame': ownersPage(lang, business, frameSnippet),
        // The owner's choice of the dark theme, whatever the visitor's.
        '/dark': ownersPage(lang, business, snippet.replace('<script ', '<script data-theme="dark" ')),
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(site.url);
      const widget = page.locator('[data-reviewroute-widget]');
      await widget.getByRole('heading', { level: 2, name: t.title(business) }).waitFor();
      expect(await widget.getByRole('img', { name: t.averageLabel }).count()).toBe(1);
      expect(await widget.getByText(t.average, { exact: true }).isVisible()).toBe(true);
      await widget.getByText(t.count).waitFor();
      const items = widget.getByRole('listitem');
      expect(await items.count()).toBe(2);
      // Newest first: the 1-star, through the QR code, then the invited 5.
      expect(await items.nth(0).getByRole('img', { name: t.rated1 }).count()).toBe(1);
      expect(await items.nth(0).innerText()).toContain('Lang moeten wachten.');
      expect(await items.nth(0).innerText()).toContain('B.d.B.');
      expect(await items.nth(0).innerText()).toContain(t.qr);
      expect(await items.nth(1).getByRole('img', { name: t.rated5 }).count()).toBe(1);
      expect(await items.nth(1).innerText()).toContain('Anna');
      expect(await items.nth(1).innerText()).toContain(t.invited);
      expect(await widget.innerText()).not.toContain('niet voor de website');
      const disclosure = widget.getByRole('link', { name: t.disclosure });
      expect(new URL((await disclosure.getAttribute('href'))!).origin).toBe(new URL(survey.landingPageUrl!).origin);
      // Nothing moved when the widget filled its reserved space; no cookie was set.
      expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
      expect(await page.context().cookies()).toEqual([]);
      await expectNoAxeViolations(page);
      await shot(page, `website-widget-light-390-${lang}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectNoAxeViolations(page);
      await shot(page, `website-widget-light-1280-${lang}`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoAxeViolations(page);
      await shot(page, `website-widget-dark-1280-${lang}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, `website-widget-dark-390-${lang}`);

      // The owner hides the 1-star for one of decisions 27's reasons: the widget says so.
      await ownerCall(api, user, 'POST', pathOf('hide-from-website', { surveyId: survey.id, responseId: lowId }), {
        reason: 'personal-data',
      });
      await expect
        .poll(async () => (await widgetOf(survey)).hidden['personal-data'], { timeout: 20_000, interval: 200 })
        .toBe(1);
      // A new visitor (the widget's read is cached by browsers for a minute).
      const visitor = await newContext(b.browser(), { viewport: { width: 390, height: 844 } });
      try {
        const again = await visitor.newPage();
        await again.goto(site.url);
        const after = again.locator('[data-reviewroute-widget]');
        await after.getByText(t.hidden).waitFor();
        expect(await after.getByRole('listitem').count()).toBe(1);
        expect(await after.innerText()).not.toContain('Lang moeten wachten.');
        // The average still counts every rating.
        await after.getByText(t.count).waitFor();
        await expectNoAxeViolations(again);
        await shot(again, `website-widget-hidden-390-${lang}`);

        // The iframe variant shows the same widget, from our origin.
        await again.goto(`${site.url}frame`);
        const framed = again.frameLocator('iframe').locator('[data-reviewroute-widget]');
        await framed.getByRole('heading', { level: 2, name: t.title(business) }).waitFor();
        await framed.getByText(t.hidden).waitFor();
        await shot(again, `website-widget-iframe-390-${lang}`);

        // data-theme="dark" on the script tag: dark in a light browser.
        await again.goto(`${site.url}dark`);
        await again.locator('[data-reviewroute-widget]').getByText(t.hidden).waitFor();
        const background = await again.evaluate(() => {
          const frame = document.querySelector('[data-reviewroute-widget]')!.shadowRoot!.querySelector('section')!;
          return getComputedStyle(frame).backgroundColor;
        });
        expect(background).toBe('rgb(17, 24, 39)');
        await expectNoAxeViolations(again);
        await shot(again, `website-widget-theme-dark-390-${lang}`);
      } finally {
        await visitor.close();
      }
    },
  );
});
