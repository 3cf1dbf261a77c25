import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { UnsubscribePage } from './unsubscribe-page';

const token = 'A'.repeat(46);

describe('the unsubscribe page of a review request', () => {
  it('asks first (a link scanner changes nothing), then unsubscribes with one click and says so', async () => {
    serveApi(apiHandler('unsubscribe', () => new HttpResponse(null, { status: 200 })));
    renderWithApp(<UnsubscribePage />, { path: `/unsubscribe/${token}`, routePath: '/unsubscribe/:token' });
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe from review requests' })).toBeTruthy();
    expect(apiCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeTruthy();
    expect(apiCalls()).toEqual([expect.objectContaining({ method: 'POST', path: `/api/public/unsubscribe/${token}` })]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('speaks Dutch under /nl and offers to try again when the request fails', async () => {
    serveApi(
      apiHandler('unsubscribe', () =>
        HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 }),
      ),
    );
    renderWithApp(<UnsubscribePage />, { path: `/nl/unsubscribe/${token}`, routePath: '/nl/unsubscribe/:token' });
    fireEvent.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByText('Dat is niet gelukt. Probeer het opnieuw.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Afmelden' })).toBeTruthy();
  });
});
