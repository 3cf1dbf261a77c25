import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RequestSettingsView } from '@reviewroute/shared';
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
  );
}

describe('the month’s text messages', () => {
  it('says how many of the plan’s texts are used and when they start again, and saves the choice for when they are spent', async () => {
    stub();
    renderWithApp(<TextAllowance />, { path: '/review-requests' });
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
    renderWithApp(<TextAllowance />, { path: '/nl/review-requests' });
    expect(await screen.findByText('12 van 100 sms-berichten gebruikt deze maand')).toBeTruthy();
    expect(screen.getByText('Je tegoed begint opnieuw op 1 december 2026.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Wachten tot volgende maand' })).toBeTruthy();
  });
});
