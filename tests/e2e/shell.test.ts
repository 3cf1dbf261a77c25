import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { TEST_PASSWORD, uniqueEmail } from '../support/cognito';
import { confirmWithInboxCode, submitSignUp, waitForPath } from '../support/app-flows';
import type { Page } from 'playwright-core';

async function signUpAndIn(page: Page): Promise<string> {
  const email = uniqueEmail('e2e-shell');
  await page.goto('/auth');
  await submitSignUp(page, 'en', email, TEST_PASSWORD);
  // Confirming the code in this tab signs in.
  await confirmWithInboxCode(page, 'en', email);
  await waitForPath(page, '/dashboard');
  return email;
}

describe('dashboard shell on a laptop', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

  it('collapses the sidebar with Ctrl+B, keeps the state over a reload, and opens settings', async () => {
    const page = b.page();
    await signUpAndIn(page);
    const sidebar = page.locator('[data-slot="sidebar"][data-state]');
    await page.getByRole('link', { name: 'Create new survey' }).waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');

    await page.keyboard.press('Control+b');
    await page.locator('[data-slot="sidebar"][data-state="collapsed"]').waitFor();
    const cookie = (await b.context().cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await waitForPath(page, '/account');
    await page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();
  });
});

describe('dashboard shell on a phone', () => {
  const b = useBrowser({
    reducedMotion: 'reduce',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  it('opens the sidebar as a sheet and has no axe violations', async () => {
    const page = b.page();
    await signUpAndIn(page);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    expect(await page.getByRole('link', { name: 'Create new survey' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle sidebar' }).first().click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('link', { name: 'Create new survey' }).waitFor();
    await sheet.getByText('Get started!').waitFor();
  });
});
