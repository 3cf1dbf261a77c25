import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AccountSummary } from '@reviewroute/shared';
import { routeQueryKey } from '@/lib/route-query';
import { apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { RenewalBanner } from './renewal-banner';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

function stubPlan(plan: AccountSummary['plan']) {
  serveApi(
    apiHandler('get-account', () =>
      HttpResponse.json({ userId: 'u', email: 'a@b.co', createdAt: '2026-01-01T00:00:00.000Z', plan }),
    ),
  );
}

const banner = (path = '/dashboard') =>
  renderWithApp(<RenewalBanner />, { path, session: { userId: 'u', email: 'a@b.co' } });

/** Resolves once the summary has been read (the banner may rightly show nothing). */
const summaryRead = (queryClient: ReturnType<typeof banner>['queryClient']) =>
  waitFor(() => expect(queryClient.getQueryState(routeQueryKey('get-account'))?.status).not.toBe('pending'));

const expired = {
  kind: 'expired',
  tier: 'growth',
  paidAt: '2025-01-01T00:00:00.000Z',
  endedAt: '2026-01-01T00:00:00.000Z',
} as const;
const endingIn = (days: number, activeUntil = '2026-12-20T10:00:00.000Z') =>
  ({ kind: 'active', daysRemaining: days, tier: 'starter', paidAt: '2025-12-20T10:00:00.000Z', activeUntil }) as const;

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
});
afterEach(() => window.localStorage.clear());

describe('renewal banner (decisions 22)', () => {
  it.each([
    [
      '/dashboard',
      'Your Growth plan has expired',
      /ended on 1 January 2026\. Your surveys keep collecting responses/,
      /renew plan/i,
      '/payments',
    ],
    [
      '/nl/dashboard',
      'Je Growth-abonnement is verlopen',
      /afgelopen op 1 januari 2026|op 1 januari 2026 afgelopen/,
      /abonnement verlengen/i,
      '/nl/payments',
    ],
  ])('%s: an expired plan gets the banner with the way to /payments', async (path, title, text, action, href) => {
    stubPlan(expired);
    banner(path);
    const shown = await screen.findByTestId('renewal-banner');
    expect(shown.textContent).toContain(title);
    expect(shown.textContent).toMatch(text);
    expect(screen.getByRole('link', { name: action }).getAttribute('href')).toBe(href);
    // Not dismissible: nothing can be published until it is renewed.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an ended trial is asked to choose a plan', async () => {
    stubPlan({ kind: 'trial-ended' });
    banner();
    expect((await screen.findByTestId('renewal-banner')).textContent).toContain('Your free trial has ended');
    expect(screen.getByRole('link', { name: /choose a plan/i }).getAttribute('href')).toBe('/payments');
  });

  it('a plan ending within 30 days gets a soft reminder, in Dutch too; dismissed, it stays away until the end date changes', async () => {
    stubPlan(endingIn(12));
    const first = banner();
    const reminder = await screen.findByTestId('renewal-reminder');
    expect(reminder.textContent).toContain('Your Starter plan ends on 20 December 2026 (in 12 days)');
    expect(screen.getByRole('link', { name: /extend plan/i }).getAttribute('href')).toBe('/payments');
    expect(screen.queryByTestId('renewal-banner')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /dismiss the reminder/i }));
    expect(screen.queryByTestId('renewal-reminder')).toBeNull();
    first.unmount();

    // Dismissed for this end date: another visit shows nothing.
    const again = banner();
    await summaryRead(again.queryClient);
    expect(screen.queryByTestId('renewal-reminder')).toBeNull();
    again.unmount();

    // A later end date (say, a renewal of a few days' plan) reminds again; in Dutch, one day.
    stubPlan(endingIn(1, '2027-01-20T10:00:00.000Z'));
    banner('/nl/dashboard');
    expect((await screen.findByTestId('renewal-reminder')).textContent).toContain(
      'Je Starter-abonnement loopt af op 20 januari 2027 (over 1 dag)',
    );
  });

  it.each([
    ['a plan with more than 30 days left', endingIn(31)],
    ['a running trial', { kind: 'trial', daysRemaining: 2 } as const],
  ])('shows nothing for %s', async (_, plan) => {
    stubPlan(plan);
    const { container, queryClient } = banner();
    await summaryRead(queryClient);
    expect(container.textContent).toBe('');
  });

  it('shows nothing when the summary cannot be read', async () => {
    serveApi(
      apiHandler('get-account', () =>
        HttpResponse.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 }),
      ),
    );
    const { container, queryClient } = banner();
    await waitFor(() => expect(queryClient.getQueryState(routeQueryKey('get-account'))?.status).toBe('error'));
    expect(container.textContent).toBe('');
  });
});
