import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { funnelPollMs } from '@/features/surveys/api/get-request-funnel';
import { emptyFunnelCounts, type RequestSettingsView } from '@reviewroute/shared';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { TextAllowance } from './text-allowance';

function stub() {
  let state: RequestSettingsView = {
    textsWhenSpent: 'wait',
    texts: { used: 12, allowance: 100, month: '2026-11', resetsAt: '2026-12-01T00:00:00.000Z' },
  };
  serveApi(
    apiHandler('get-request-settings', () => HttpResponse.json(state)),
    apiHandler('update-request-settings', async ({ request }) => {
      state = { ...state, ...((await request.json()) as Pick<RequestSettingsView, 'textsWhenSpent'>) };
      return HttpResponse.json(state);
    }),
    apiHandler('get-request-funnel', () =>
      HttpResponse.json({ email: emptyFunnelCounts(), sms: { ...emptyFunnelCounts(), sent: state.texts.used } }),
    ),
  );
  return { sendTexts: (n: number) => (state = { ...state, texts: { ...state.texts, used: state.texts.used + n } }) };
}

describe('the month’s text messages', () => {
  it('says how many of the plan’s texts are used and when they start again, and saves the choice for when they are spent', async () => {
    stub();
    renderWithApp(<TextAllowance surveyId="s1" />, { path: '/review-requests' });
    expect(await screen.findByText('12 of 100 texts used this month')).toBeTruthy();
    expect(screen.getByText('Your allowance starts again on 1 December 2026.')).toBeTruthy();
    const wait = screen.getByRole('radio', { name: 'Wait for next month' });
    expect((wait as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(screen.getByRole('radio', { name: /Send an email instead/ }));
    await waitFor(() =>
      expect(apiCalls().find((c) => c.route === 'update-request-settings')?.body).toEqual({ textsWhenSpent: 'email' }),
    );
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Send an email instead/ }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('says it in Dutch', async () => {
    stub();
    renderWithApp(<TextAllowance surveyId="s1" />, { path: '/nl/review-requests' });
    expect(await screen.findByText('12 van 100 sms-berichten gebruikt deze maand')).toBeTruthy();
    expect(screen.getByText('Je tegoed begint opnieuw op 1 december 2026.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Wachten tot volgende maand' })).toBeTruthy();
  });

  it('reads the count again when the funnel counts more texts sent', async () => {
    const { sendTexts } = stub();
    renderWithApp(<TextAllowance surveyId="s1" />, { path: '/review-requests' });
    expect(await screen.findByText('12 of 100 texts used this month')).toBeTruthy();
    sendTexts(3);
    // The funnel is read again after its poll interval; its new count reads the month's texts again.
    expect(
      await screen.findByText('15 of 100 texts used this month', undefined, { timeout: funnelPollMs + 3000 }),
    ).toBeTruthy();
  });
});
