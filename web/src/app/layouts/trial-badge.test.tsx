import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { TrialBadge } from './trial-badge';
import { routeQueryKey } from '@/lib/route-query';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

function stubAccount(plan: unknown) {
  serveApi(
    apiHandler('get-account', () =>
      HttpResponse.json({ userId: 'u', email: 'a@b.co', createdAt: '2026-01-01T00:00:00.000Z', plan }),
    ),
  );
}

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
});

describe('header plan badge (decisions 10)', () => {
  it.each([
    ['/dashboard', { kind: 'trial', daysRemaining: 7 }, 'Free trial: 7 days left', '7 days left'],
    ['/dashboard', { kind: 'trial', daysRemaining: 1 }, 'Free trial: 1 day left', '1 day left'],
    ['/nl/dashboard', { kind: 'trial', daysRemaining: 7 }, 'Gratis proefperiode: nog 7 dagen', 'nog 7 dagen'],
    ['/nl/dashboard', { kind: 'trial', daysRemaining: 1 }, 'Gratis proefperiode: nog 1 dag', 'nog 1 dag'],
    ['/dashboard', { kind: 'trial-ended' }, 'Trial ended', 'Trial ended'],
    [
      '/dashboard',
      {
        kind: 'active',
        daysRemaining: 365,
        tier: 'growth',
        paidAt: '2026-01-01T00:00:00.000Z',
        activeUntil: '2027-01-01T00:00:00.000Z',
      },
      'Growth · 365 days',
      '365 days',
    ],
    [
      '/nl/dashboard',
      {
        kind: 'active',
        daysRemaining: 1,
        tier: 'starter',
        paidAt: '2026-01-01T00:00:00.000Z',
        activeUntil: '2026-01-02T00:00:00.000Z',
      },
      'Starter · 1 dag',
      '1 dag',
    ],
    [
      '/dashboard',
      { kind: 'expired', tier: 'starter', paidAt: '2025-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:00:00.000Z' },
      'Expired',
      'Expired',
    ],
    [
      '/nl/dashboard',
      { kind: 'expired', tier: 'starter', paidAt: '2025-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:00:00.000Z' },
      'Verlopen',
      'Verlopen',
    ],
  ])('%s %j reads %s (phones: %s)', async (path, plan, text, short) => {
    stubAccount(plan);
    renderWithApp(<TrialBadge />, { path, session: { userId: 'u', email: 'a@b.co' } });
    const badge = await screen.findByTestId('plan-badge');
    const [label, phone, wide] = [...badge.children].map((c) => c.textContent);
    expect(label).toBe(path.startsWith('/nl') ? 'Abonnementsstatus: ' : 'Plan status: ');
    expect([wide, phone]).toEqual([text, short]);
  });

  it('shows nothing while loading or when the account cannot be read', async () => {
    serveApi(
      apiHandler('get-account', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 }),
      ),
    );
    const { container, queryClient } = renderWithApp(<TrialBadge />, { path: '/dashboard' });
    expect(container.textContent).toBe('');
    await waitFor(() => expect(queryClient.getQueryState(routeQueryKey('get-account'))?.status).toBe('error'));
    expect(container.textContent).toBe('');
  });
});
