import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInPath } from '@/lib/auth-paths';
import { renderWithApp } from '@testing/render';
import { SiteLayout, type SiteSession } from './site-layout';

function renderLayout(path: string, session?: SiteSession) {
  return renderWithApp(null, {
    path,
    routes: [{ element: <SiteLayout session={session} />, children: [{ path, element: <p>page</p> }] }],
  });
}

const mainNav = (name: string) => screen.getByRole('navigation', { name });

describe('SiteLayout header', () => {
  it('offers log in and the free trial when it knows no session (the public pages)', async () => {
    renderLayout('/about');
    await screen.findByText('page');
    const nav = mainNav('Main');
    expect(within(nav).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(signInPath);
    expect(within(nav).getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/auth');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('offers a signed-in owner the dashboard instead, in their language', async () => {
    renderLayout('/nl/payments', 'signedIn');
    await screen.findByText('page');
    const nav = mainNav('Hoofdmenu');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/nl/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Inloggen' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Gratis proberen' })).toBeNull();
  });

  it('offers neither while the session is still loading, so log in does not flash for an owner', async () => {
    renderLayout('/payments', 'loading');
    await screen.findByText('page');
    expect(within(mainNav('Main')).queryAllByRole('link')).toEqual([]);
  });

  it('names each language in the switcher, which shows only flags on phones', async () => {
    renderLayout('/about');
    await screen.findByText('page');
    const switcher = mainNav('Language');
    const english = within(switcher).getByRole('link', { name: /English/ });
    expect(english.getAttribute('aria-current')).toBe('true');
    expect(
      within(switcher)
        .getByRole('link', { name: /Nederlands/ })
        .getAttribute('href'),
    ).toBe('/nl/over-ons');
  });
});
