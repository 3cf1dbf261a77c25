import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SurveyInsights } from '@reviewroute/shared';
import { apiHandler, everyRoute, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { InsightsCard } from './insights-card';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

/** Twelve weeks ending with 2026-W48; answers in weeks 47 and 48 only. */
const weeks: SurveyInsights['weeks'] = Array.from({ length: 12 }, (_, i) => {
  const number = 37 + i;
  const monday = new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10);
  const answered = { 47: [4, 2.8], 48: [2, 4.5] }[number] as [number, number] | undefined;
  return {
    week: `2026-W${number}`,
    weekStart: monday,
    count: answered?.[0] ?? 0,
    averageRating: answered?.[1] ?? null,
  };
});

const answered: SurveyInsights = {
  surveyId: 's1',
  reviewCount: 7,
  histogram: [1, 1, 1, 1, 3],
  fiveStarShare: 3 / 7,
  reviewClickRate: 2 / 7,
  weeks,
};

function renderCard(insights: SurveyInsights, path = '/dashboard') {
  serveApi(
    apiHandler('get-survey-insights', () => HttpResponse.json(insights)),
    ...everyRoute(() => HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 })),
  );
  return renderWithApp(null, {
    path,
    session: { userId: 'u', email: 'owner@example.com' },
    routes: [
      { path: '/dashboard', element: <InsightsCard surveyId="s1" /> },
      { path: '/nl/dashboard', element: <InsightsCard surveyId="s1" /> },
    ],
  });
}

const rows = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
});

describe('InsightsCard', () => {
  it('gives screen readers the distribution and the 12 weeks as tables, and shows them on request', async () => {
    renderCard(answered);
    const table = await screen.findByRole('table', { name: 'Responses per rating' });
    expect(table.parentElement!.classList.contains('sr-only')).toBe(true);
    expect(rows('insights-distribution-table')).toEqual([
      ['5 stars', '3', '43%'],
      ['4 stars', '1', '14%'],
      ['3 stars', '1', '14%'],
      ['2 stars', '1', '14%'],
      ['1 star', '1', '14%'],
    ]);
    const trend = rows('insights-trend-table');
    expect(trend).toHaveLength(12);
    expect(trend[0]).toEqual(['Week 37, from 7 Sept 2026', '0', '–No responses']);
    expect(trend[10]).toEqual(['Week 47, from 16 Nov 2026', '4', '2.8']);
    expect(trend[11]).toEqual(['Week 48, from 23 Nov 2026', '2', '4.5']);
    expect(within(screen.getByTestId('insight-five-star-share')).getByTestId('insight-value').textContent).toBe('43%');
    expect(within(screen.getByTestId('insight-review-click-rate')).getByTestId('insight-value').textContent).toBe(
      '29%',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(
      screen.getByRole('table', { name: 'Responses per rating' }).parentElement!.classList.contains('sr-only'),
    ).toBe(false);
    expect(screen.getByRole('button', { name: 'Show as chart' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says there is nothing yet, with no average or share, for a survey nobody answered', async () => {
    renderCard({
      ...answered,
      reviewCount: 0,
      histogram: [0, 0, 0, 0, 0],
      fiveStarShare: null,
      reviewClickRate: null,
      weeks: weeks.map((w) => ({ ...w, count: 0, averageRating: null })),
    });
    expect((await screen.findByTestId('insights-empty')).textContent).toContain('No responses yet');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
  });

  it('writes weeks, numbers and stars in Dutch', async () => {
    renderCard(answered, '/nl/dashboard');
    await screen.findByRole('table', { name: 'Reacties per beoordeling' });
    expect(rows('insights-distribution-table')[4]).toEqual(['1 ster', '1', '14%']);
    expect(rows('insights-trend-table')[11]).toEqual(['Week 48, vanaf 23 nov 2026', '2', '4,5']);
  });
});
