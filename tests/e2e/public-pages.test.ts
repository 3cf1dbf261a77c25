import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { waitForPath } from '../support/app-flows';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { type InboxMail, waitForMail } from '../support/inbox';

/** The public pages (issue: home, about, privacy, terms, contact) with their main headings, per language. */
const pages = {
  en: [
    { path: '/', heading: 'Turn happy customers into Google reviews' },
    { path: '/about', heading: 'About ReviewRoute' },
    { path: '/privacy', heading: 'Privacy policy' },
    { path: '/terms', heading: 'Terms of service' },
    { path: '/contact', heading: 'Contact us' },
  ],
  nl: [
    { path: '/nl', heading: 'Meer Google-reviews van tevreden klanten' },
    { path: '/nl/over-ons', heading: 'Over ReviewRoute' },
    { path: '/nl/privacy', heading: 'Privacybeleid' },
    { path: '/nl/voorwaarden', heading: 'Algemene voorwaarden' },
    { path: '/nl/contact', heading: 'Neem contact op' },
  ],
} as const;

const chrome = {
  en: {
    login: 'Log in',
    trial: 'Start free trial',
    sections: 'Sections',
    pricing: 'Pricing',
    footer: 'Footer',
    footerLinks: ['/about', '/privacy', '/contact', '/terms'],
    home: '/',
  },
  nl: {
    login: 'Inloggen',
    trial: 'Gratis proberen',
    sections: 'Onderdelen',
    pricing: 'Prijzen',
    footer: 'Voettekst',
    footerLinks: ['/nl/over-ons', '/nl/privacy', '/nl/contact', '/nl/voorwaarden'],
    home: '/nl',
  },
} as const;

type Lang = keyof typeof pages;
const widths = [1280, 390] as const;

/** The header and footer every public page shares, at the page's width. */
async function expectSiteChrome(page: Page, lang: Lang, width: number, onHome: boolean): Promise<void> {
  const c = chrome[lang];
  const prefix = lang === 'nl' ? '/nl' : '';
  expect(await page.getByRole('link', { name: c.login }).getAttribute('href')).toBe(`${prefix}/auth?tab=signin`);
  const footer = page.getByRole('navigation', { name: c.footer });
  expect(await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
    c.footerLinks,
  );
  // Desktop only: the home page's sections and the trial button in the header.
  const pricing = page.getByRole('navigation', { name: c.sections }).getByRole('link', { name: c.pricing });
  const trial = page.getByRole('banner').getByRole('link', { name: c.trial });
  if (width >= 1024) {
    expect(await pricing.getAttribute('href')).toBe(onHome ? '#pricing' : `${c.home}#pricing`);
    expect(await trial.getAttribute('href')).toBe(`${prefix}/auth`);
    expect(await pricing.isVisible()).toBe(true);
  } else {
    expect(await page.getByRole('navigation', { name: c.sections }).isVisible()).toBe(false);
  }
  // Nothing sticks out sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const lang of ['en', 'nl'] as const) {
  describe(`public pages (${lang})`, () => {
    const b = useBrowser({ locale: lang === 'nl' ? 'nl-NL' : 'en-US', reducedMotion: 'reduce' });

    for (const width of widths) {
      it(`render their headings and links at ${width} px`, async () => {
        const page = b.page();
        await page.setViewportSize({ width, height: 900 });
        for (const { path, heading } of pages[lang]) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          expect(page.url().endsWith(path === '/' ? '/' : path)).toBe(true);
          expect(await page.getAttribute('html', 'lang')).toBe(lang);
          await expectSiteChrome(page, lang, width, path === pages[lang][0].path);
        }
      });
    }

    it('have no axe violations', async () => {
      const page = b.page();
      for (const { path, heading } of pages[lang]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expectNoAxeViolations(page);
      }
    });
  });
}

const screenshots = fileURLToPath(new URL('../.artifacts/screenshots/home/', import.meta.url));

/** The home page at phone and desktop width, for a person to look at the plan cards (git-ignored); nothing sticks out. */
async function lookAtPricing(page: Page, lang: 'en' | 'nl'): Promise<void> {
  const viewport = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `${screenshots}home-${lang}-${width}.png`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  if (viewport) await page.setViewportSize(viewport);
}

describe('home page content', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('shows how it works, benefits, the plans with their prices and the claims (English)', async () => {
    const page = b.page();
    await page.goto('/');
    for (const name of ['Live in ten minutes, working for you every day', 'More reviews, fewer surprises']) {
      await page.getByRole('heading', { level: 2, name }).waitFor();
    }
    const steps = page.locator('#how-it-works ol > li');
    expect(await steps.count()).toBe(3);
    expect(await page.locator('#benefits ul > li').count()).toBe(4);
    const text = await page.locator('main').innerText();
    for (const claim of ['7 days free', 'No card needed', 'Cancel anytime', '28%', '40%', '50+']) {
      expect(text).toContain(claim);
    }
    const plans = page.locator('#pricing ul').first().locator('> li');
    expect(await plans.count()).toBe(3);
    // decisions 21: the list price as the regular price (struck through), the charged launch price beside it.
    const prices = [
      ['€120', '€60'],
      ['€300', '€120'],
      ['€750', '€350'],
    ];
    for (const [index, [list, launch]] of prices.entries()) {
      const card = (await plans.nth(index).innerText()).replace(/\s+/g, ' ');
      expect(card).toContain(`Regular price: ${list} / year`);
      expect(card).toContain(`Launch price: ${launch} / year`);
      expect(card).toContain('incl. VAT');
      expect(await plans.nth(index).locator('s').innerText()).toBe(`${list} / year`);
    }
    expect(await plans.nth(1).innerText()).toContain('Most popular');
    for (const href of await plans.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).toBe('/auth');
    expect(await page.getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toBe('/contact');
    expect(await page.getByRole('link', { name: 'Get started free' }).getAttribute('href')).toBe('/auth');
    // Prices include VAT, said the same way in both languages; the compliance card and money-back promise are
    // the Dutch site's.
    expect(text).toContain('All prices include 21% VAT.');
    expect(text).not.toMatch(/exclude/i);
    expect(await page.getByText('money-back').count()).toBe(0);
    await lookAtPricing(page, 'en');
  });

  it('the Dutch home adds the compliance badges and card, 21% VAT and the 14-day money-back promise', async () => {
    const page = b.page();
    await page.goto('/nl');
    await page.getByRole('heading', { level: 2, name: 'Gemaakt voor Nederlandse ondernemers' }).waitFor();
    const badges = page.getByRole('region', { name: 'Zekerheden' });
    for (const badge of ['AVG-proof', 'Ingeschreven bij de KvK', 'Nederlands recht', 'Data in de EU']) {
      await badges.getByText(badge).waitFor();
    }
    const text = await page.locator('main').innerText();
    expect(text).toContain('Alle prijzen zijn inclusief 21% btw.');
    expect(text).not.toMatch(/exclusief/i);
    expect(text).toContain('14 dagen geld-terug-garantie');
    const growth = (
      await page.locator('#pricing li', { has: page.getByRole('heading', { name: 'Growth' }) }).innerText()
    ).replace(/\s+/g, ' ');
    expect(growth).toContain('Normale prijs: € 300 / jaar');
    expect(growth).toContain('Introductieprijs: € 120 / jaar');
    expect(growth).toContain('incl. btw');
    await lookAtPricing(page, 'nl');
    expect(await page.getByRole('link', { name: 'Gratis beginnen' }).getAttribute('href')).toBe('/nl/auth');
  });

  it('the terms have the nine sections, the 30-day notice and 14 days money back for everyone, en and nl', async () => {
    const page = b.page();
    await page.goto('/terms');
    const sections = page.locator('main section h2');
    await sections.first().waitFor();
    expect(await sections.count()).toBe(9);
    const text = await page.locator('main').innerText();
    expect(text).toContain('30 days');
    // Decisions 28: every plan, not only the first payment; later payments stay non-refundable.
    expect(text).toContain('14 days money back, for everyone');
    expect(text).toContain('After those 14 days payments are non-refundable');
    expect(text).not.toContain('first payment');
    await page.goto('/nl/terms');
    await page.locator('main section h2').first().waitFor();
    const dutch = await page.locator('main').innerText();
    expect(dutch).toContain('14 dagen geld terug, voor iedereen');
    expect(dutch).toContain('Na die 14 dagen worden betaalde bedragen niet terugbetaald');
    expect(dutch).not.toContain('eerste betaling');
  });
});

describe('language of a path (decisions 16)', () => {
  describe('English browser, no stored choice', () => {
    const b = useBrowser({ locale: 'en-US', reducedMotion: 'reduce' });

    it('reads /nl/over-ons in Dutch, as a search engine or a shared link would', async () => {
      const page = b.page();
      await page.goto('/nl/over-ons');
      await page.getByRole('heading', { level: 1, name: 'Over ReviewRoute' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/nl/over-ons');
      expect(await page.getAttribute('html', 'lang')).toBe('nl');
    });

    it('moves the English slugs under /nl to the Dutch ones', async () => {
      const page = b.page();
      await page.goto('/nl/about');
      await waitForPath(page, '/nl/over-ons');
      await page.getByRole('heading', { level: 1, name: 'Over ReviewRoute' }).waitFor();
      await page.goto('/nl/terms');
      await waitForPath(page, '/nl/voorwaarden');
      await page.getByRole('heading', { level: 1, name: 'Algemene voorwaarden' }).waitFor();
    });

    it('sends a signed-out visitor of /nl/dashboard to /nl/auth', async () => {
      const page = b.page();
      await page.goto('/nl/dashboard');
      await waitForPath(page, '/nl/auth');
      await page.getByRole('heading', { name: 'Welkom bij ReviewRoute' }).waitFor();
    });

    it('keeps an unprefixed path in English', async () => {
      const page = b.page();
      await page.goto('/about');
      await page.getByRole('heading', { level: 1, name: 'About ReviewRoute' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/about');
    });
  });

  describe('Dutch browser', () => {
    const b = useBrowser({ locale: 'nl-NL', reducedMotion: 'reduce' });

    it('goes from an unprefixed path to its Dutch twin', async () => {
      const page = b.page();
      await page.goto('/about');
      await waitForPath(page, '/nl/over-ons');
      await page.getByRole('heading', { level: 1, name: 'Over ReviewRoute' }).waitFor();
    });

    it('a stored choice still wins: English stays English, also on a /nl link', async () => {
      const page = b.page();
      await page.goto('/nl/over-ons');
      await page.getByRole('navigation', { name: 'Taal' }).getByRole('link', { name: 'EN English' }).click();
      await waitForPath(page, '/about');
      await page.goto('/nl/voorwaarden');
      await waitForPath(page, '/terms');
      await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: pages.en[0].heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });
});

/** What the SES emulator keeps of a mail besides the fields the shared inbox type names. */
type StoredMail = InboxMail & { replyTo?: string[] };

describe('contact form', () => {
  const operator = () => {
    const address = inject('localStack').env.CONTACT_TO_ADDRESS;
    if (!address) throw new Error('The local stack sets no CONTACT_TO_ADDRESS');
    return address;
  };

  describe('English', () => {
    const b = useBrowser({ locale: 'en-US', reducedMotion: 'reduce' });

    it('shows the field errors inline and sends nothing while the input is invalid', async () => {
      const page = b.page();
      await page.goto('/contact');
      const form = page.getByRole('form', { name: 'Send a message' });
      await form.getByRole('button', { name: 'Send message' }).click();
      for (const message of [
        'First name is required',
        'Last name is required',
        'Email is required',
        'Subject is required',
        'Message is required',
      ]) {
        await form.getByText(message, { exact: true }).waitFor();
      }
      // Each error belongs to its field, and the first invalid field has the focus.
      const firstName = form.getByLabel('First name');
      expect(await firstName.getAttribute('aria-invalid')).toBe('true');
      expect(await firstName.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await form.getByLabel('Company (optional)').getAttribute('aria-invalid')).toBeNull();

      await form.getByLabel('E-mail').fill('anna@bakkerij');
      await form.getByRole('button', { name: 'Send message' }).click();
      await form.getByText('Valid email is required', { exact: true }).waitFor();
      await expectNoAxeViolations(page);
    });

    it('mails the operator with Reply-To the sender, in text and HTML, and confirms with a toast', async () => {
      const page = b.page();
      await page.goto('/contact');
      const form = page.getByRole('form', { name: 'Send a message' });
      const sender = `anna.${Date.now()}@bakkerij.example`;
      const subject = `Invoices for our three shops ${Date.now()}`;
      await form.getByLabel('First name').fill('Anna');
      await form.getByLabel('Last name').fill('de Vries');
      await form.getByLabel('E-mail').fill(sender);
      await form.getByLabel('Company (optional)').fill('Bakkerij <de Vries>');
      await form.getByLabel('Subject').fill(subject);
      await form.getByLabel('Message').fill('Hello,\n\nCan we get one invoice for all three shops?\n\nAnna');
      await form.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Message sent successfully!').waitFor();
      await page.getByText("We'll get back to you as soon as possible.").waitFor();

      const mail = (await waitForMail(inject('localStack').urls.inbox, operator(), { subject })) as StoredMail;
      expect(mail.replyTo).toEqual([sender]);
      expect(mail.subject).toContain('Anna de Vries');
      expect(mail.body.text).toContain('Can we get one invoice for all three shops?');
      expect(mail.body.text).toContain(`E-mail: ${sender}`);
      expect(mail.body.html).toContain('Bakkerij &lt;de Vries&gt;');
      // The form is ready for the next message.
      expect(await form.getByLabel('Subject').inputValue()).toBe('');
    });
  });

  describe('Dutch', () => {
    const b = useBrowser({ locale: 'nl-NL', reducedMotion: 'reduce' });

    it('shows the field errors in Dutch', async () => {
      const page = b.page();
      await page.goto('/nl/contact');
      const form = page.getByRole('form', { name: 'Stuur een bericht' });
      await form.getByLabel('E-mailadres').fill('geen-adres');
      await form.getByRole('button', { name: 'Verstuur bericht' }).click();
      for (const message of ['Voornaam is verplicht', 'Vul een geldig e-mailadres in', 'Bericht is verplicht']) {
        await form.getByText(message, { exact: true }).waitFor();
      }
      await expectNoAxeViolations(page);
    });
  });
});
