import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { waitForPath } from '../support/app-flows';

describe('languages and routing (English browser)', () => {
  const b = useBrowser({ locale: 'en-US', reducedMotion: 'reduce' });

  it('switches the auth page to Dutch and back with the language switcher', async () => {
    const page = b.page();
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Welcome to ReviewRoute' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Nederlands' }).click();
    await waitForPath(page, '/nl/auth');
    await page.getByRole('heading', { name: 'Welkom bij ReviewRoute' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('nl');

    // The stored choice wins over the English browser: a plain path now goes to its Dutch twin.
    await page.goto('/privacy');
    await waitForPath(page, '/nl/privacy');

    // The public pages switch with a link per language.
    await page.getByRole('navigation', { name: 'Taal' }).getByRole('link', { name: 'EN English' }).click();
    await waitForPath(page, '/privacy');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  });

  it('shows the 404 page for an unknown path, logs the miss and links home', async () => {
    const page = b.page();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    expect(errors.some((e) => e.includes('/no-such-page'))).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Return to home' }).click();
    await waitForPath(page, '/');
  });
});

describe('Dutch-only paths (Dutch browser)', () => {
  const b = useBrowser({ locale: 'nl-NL', reducedMotion: 'reduce' });

  it('redirects /nl/about to /nl/over-ons and /nl/terms to /nl/voorwaarden', async () => {
    const page = b.page();
    await page.goto('/nl/about');
    await waitForPath(page, '/nl/over-ons');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/nl/terms');
    await waitForPath(page, '/nl/voorwaarden');
  });

  it('sends a Dutch browser from / to /nl and has no axe violations on /nl/auth', async () => {
    const page = b.page();
    await page.goto('/');
    await waitForPath(page, '/nl');
    await page.goto('/nl/auth');
    await page.getByRole('heading', { name: 'Welkom bij ReviewRoute' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    await expectNoAxeViolations(page);
  });

  it('shows the Dutch 404 page', async () => {
    const page = b.page();
    await page.goto('/nl/bestaat-niet');
    await page.getByRole('heading', { name: 'Oeps! Pagina niet gevonden' }).waitFor();
    await expectNoAxeViolations(page);
    expect(await page.getByRole('link', { name: 'Terug naar de startpagina' }).getAttribute('href')).toBe('/nl');
  });
});
