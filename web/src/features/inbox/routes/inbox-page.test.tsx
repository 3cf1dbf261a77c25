import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type InboxItem } from '@reviewroute/shared';
import { apiCalls, apiHandler, everyRoute, serveApi } from '@/testing/api';
import { renderWithApp } from '@/testing/render';
import { InboxPage } from './inbox-page';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const survey = {
  id: 's1',
  businessName: 'Bistro',
  status: 'active',
  surveyCode: 'abcdefgh',
  landingPageUrl: 'https://app.example/surveys/abcdefgh/bistro',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const item = (n: number, overrides: Partial<InboxItem> = {}): InboxItem => ({
  id: `r${n}`,
  rating: 5,
  comment: `Comment ${n}`,
  createdAt: `2026-01-${String(10 + (n % 20)).padStart(2, '0')}T10:00:00.000Z`,
  customerName: null,
  customerEmail: null,
  state: 'new',
  note: null,
  ...overrides,
});

const inboxCalls = () => apiCalls().filter((c) => c.route === 'list-inbox');

function stubApi(items: InboxItem[] | 'fail') {
  serveApi(
    apiHandler('list-surveys', () => HttpResponse.json({ surveys: [survey] })),
    apiHandler('list-inbox', () =>
      items === 'fail'
        ? HttpResponse.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 })
        : HttpResponse.json({ items, next: null }),
    ),
    apiHandler('set-inbox-state', async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      return HttpResponse.json({ updated: body.ids.length });
    }),
    ...everyRoute(() => HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 })),
  );
}

const renderPage = (path = '/inbox') =>
  renderWithApp(<InboxPage />, { path, routePath: '/inbox', session: { userId: 'u', email: 'o@example.com' } });

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
});

describe('inbox page', () => {
  it('shows each response with its rating, comment or "No comment", contact details and a reply with a greeting', async () => {
    stubApi([item(1, { rating: 1, comment: null, customerName: 'Ann', customerEmail: 'ann+x@example.com' }), item(2)]);
    renderPage();
    const entries = await screen.findAllByTestId('inbox-item');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('No comment')).toBeTruthy();
    expect(within(entries[0]!).getByRole('img', { name: 'Rated 1 star out of 5' })).toBeTruthy();
    const reply = within(entries[0]!).getByRole('link', { name: 'Reply' }).getAttribute('href');
    expect(reply).toBe(
      'mailto:ann%2Bx@example.com?subject=Your%20feedback%20for%20Bistro&body=Hi%20Ann%2C%0A%0AThank%20you%20for%20your%20feedback.%0A%0A',
    );
    expect(within(entries[1]!).getByText('Comment 2')).toBeTruthy();
    expect(within(entries[1]!).queryByRole('link', { name: 'Reply' })).toBeNull();
  });

  it('reads the filter from the address and sends it as the query', async () => {
    stubApi([item(1, { rating: 2, customerEmail: 'a@example.com' })]);
    renderPage('/inbox?survey=s1&rating=low&contact=yes&state=bogus');
    await screen.findByTestId('inbox-item');
    expect(inboxCalls()[0]!.path).toBe('/api/surveys/s1/inbox?rating=low&contact=yes');
  });

  it('selects with x, moves with j, and marks the selection handled in one call', async () => {
    stubApi([item(1), item(2), item(3)]);
    const user = userEvent.setup();
    renderPage();
    const entries = await screen.findAllByTestId('inbox-item');
    entries[0]!.focus();
    await user.keyboard('xjx');
    expect(screen.getByTestId('inbox-selected-count').textContent).toBe('2 selected');
    await user.keyboard('j');
    expect(document.activeElement).toBe(entries[2]);
    await user.click(screen.getByTestId('inbox-bulk-handled'));
    await waitFor(() =>
      expect(apiCalls().find((c) => c.route === 'set-inbox-state')?.body).toEqual({
        ids: ['r1', 'r2'],
        state: 'handled',
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('inbox-item').map((e) => e.getAttribute('data-state'))).toEqual([
        'handled',
        'handled',
        'new',
      ]),
    );
  });

  it('says when nothing matches the filter, and when the survey has no responses yet', async () => {
    stubApi([]);
    const first = renderPage('/inbox?rating=high');
    expect(await screen.findByText('No responses match these filters')).toBeTruthy();
    first.unmount();
    renderPage();
    expect(await screen.findByText('No responses yet')).toBeTruthy();
  });

  it('shows an error with a retry when the responses cannot be loaded', async () => {
    stubApi('fail');
    renderPage();
    expect(await screen.findByText('The responses could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
