import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { AlertLinkPage } from './alert-link-page';

const token = `k7m2p9qx-${'A'.repeat(43)}`;

function serveSwitch() {
  serveApi(
    apiHandler('set-alerts-by-link', async ({ request }) => {
      const { lowRatingAlerts } = (await request.json()) as { lowRatingAlerts: boolean };
      return HttpResponse.json({ businessName: 'Bakkerij Anna', lowRatingAlerts });
    }),
  );
}

describe('the alert switch-off page', () => {
  it('switches the alerts off as it opens, says so, and turns them on again on request', async () => {
    serveSwitch();
    renderWithApp(<AlertLinkPage />, { path: `/alerts/${token}`, routePath: '/alerts/:token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Low-rating alerts are off' })).toBeTruthy();
    expect(screen.getByText(/no longer get an email when a customer rates Bakkerij Anna/)).toBeTruthy();
    const first = apiCalls().find((c) => c.route === 'set-alerts-by-link');
    expect(first).toMatchObject({ path: `/api/public/alert-links/${token}`, body: { lowRatingAlerts: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn alerts back on' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Low-rating alerts are on again' })).toBeTruthy();
    expect(apiCalls().at(-1)?.body).toEqual({ lowRatingAlerts: true });
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('in Dutch, and says so when the link does not work', async () => {
    serveApi(
      http.post('/api/public/alert-links/:token', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
      ),
    );
    renderWithApp(<AlertLinkPage />, { path: `/nl/alerts/${token}`, routePath: '/nl/alerts/:token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deze link werkt niet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Meldingen weer aanzetten' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Naar het dashboard' }).getAttribute('href')).toBe('/nl/dashboard');
  });
});
