import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type InboxItem } from '@reviewroute/shared';
import { apiCalls, apiHandler, everyRoute, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
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
  websiteConsent: null,
  evidence: null,
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
  renderWithApp(<InboxPage />, {
    path,
    routePath: path.startsWith('/nl/') ? '/nl/inbox' : '/inbox',
    session: { userId: 'u', email: 'o@example.com' },
  });

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
    // The one date-time form of every page (not the US "Jan 11, 2026, 10:00 AM"), in Amsterdam time.
    expect(within(entries[0]!).getByText('11 Jan 2026, 11:00').tagName).toBe('TIME');
  });

  it('shows how each response was invited and its website consent, which the owner can only withdraw', async () => {
    const consent = { shownAs: 'A.d.V.', nameStyle: 'initials', hiddenReason: null, hiddenAt: null } as const;
    const items = [
      item(1, {
        websiteConsent: consent,
        evidence: {
          invitation: 'booking-system',
          invitedAt: '2026-01-10T17:30:00.000Z',
          everyoneOfferedPublicReview: false,
        },
      }),
      item(2, { evidence: { invitation: 'public-link', invitedAt: null, everyoneOfferedPublicReview: true } }),
      item(3),
    ];
    serveApi(
      apiHandler('list-surveys', () => HttpResponse.json({ surveys: [survey] })),
      apiHandler('list-inbox', () => HttpResponse.json({ items, next: null })),
      apiHandler('hide-from-website', async ({ request }) => {
        const { reason } = (await request.json()) as { reason: 'offensive' };
        return HttpResponse.json({
          id: 'r1',
          websiteConsent: { ...consent, hiddenReason: reason, hiddenAt: '2026-01-12T09:00:00.000Z' },
        });
      }),
      ...everyRoute(() => HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 })),
    );
    const user = userEvent.setup();
    renderPage();
    const entries = await screen.findAllByTestId('inbox-item');
    expect(within(entries[0]!).getByTestId('inbox-evidence').textContent).toBe(
      'Invited by your booking system after a visit, sent 10 Jan 2026, 18:30 · only 5-star ratings were offered the public review',
    );
    expect(within(entries[1]!).getByTestId('inbox-evidence').textContent).toBe(
      'Came through the public link or QR code · every customer was offered the public review',
    );
    // A response stored before evidence was kept, and one without consent, say nothing they do not know.
    expect(within(entries[2]!).queryByTestId('inbox-evidence')).toBeNull();
    expect(within(entries[1]!).queryByTestId('inbox-website')).toBeNull();
    expect(within(entries[0]!).getByText('May be shown on your website as “A.d.V.”')).toBeTruthy();

    await user.click(within(entries[0]!).getByRole('button', { name: 'Not shown on website' }));
    expect(screen.getByText('Why? This cannot be undone.')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Offensive' }));
    await waitFor(() =>
      expect(apiCalls().find((c) => c.route === 'hide-from-website')).toMatchObject({
        path: '/api/surveys/s1/inbox/r1/website-hide',
        body: { reason: 'offensive' },
      }),
    );
    await waitFor(() =>
      expect(within(entries[0]!).getByTestId('inbox-website').textContent).toBe(
        'Not shown on your website: it is offensive',
      ),
    );
    // There is no way back to shown.
    expect(within(entries[0]!).queryByRole('button', { name: 'Not shown on website' })).toBeNull();
  });

  it('says the evidence and the consent in Dutch', async () => {
    stubApi([
      item(1, {
        websiteConsent: { shownAs: 'Anna', nameStyle: 'first-name', hiddenReason: 'personal-data', hiddenAt: null },
        evidence: { invitation: 'email-request', invitedAt: null, everyoneOfferedPublicReview: true },
      }),
    ]);
    renderPage('/nl/inbox');
    const entry = await screen.findByTestId('inbox-item');
    expect(within(entry).getByTestId('inbox-evidence').textContent).toBe(
      'Uitgenodigd met een reviewverzoek per e-mail · iedere klant kreeg de openbare review aangeboden',
    );
    expect(within(entry).getByTestId('inbox-website').textContent).toBe(
      'Niet getoond op je website: bevat persoonsgegevens',
    );
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

  it('works by keyboard from page load, without tabbing into the list first', async () => {
    stubApi([item(1), item(2), item(3, { state: 'handled' })]);
    const user = userEvent.setup();
    renderPage();
    const entries = await screen.findAllByTestId('inbox-item');
    expect(document.activeElement).toBe(document.body);
    // The first j shows where the keys act (the first response), the next one moves on.
    await user.keyboard('j');
    expect(document.activeElement).toBe(entries[0]);
    await user.keyboard('jj');
    expect(document.activeElement).toBe(entries[2]);
    await user.keyboard('k');
    expect(document.activeElement).toBe(entries[1]);
    await user.keyboard('x');
    expect(screen.getByTestId('inbox-selected-count').textContent).toBe('1 selected');
    // h marks the one in focus handled (and a handled one new again).
    await user.keyboard('h');
    await waitFor(() =>
      expect(apiCalls().find((c) => c.route === 'set-inbox-state')?.body).toEqual({ ids: ['r2'], state: 'handled' }),
    );
    await waitFor(() => expect(entries[1]!.getAttribute('data-state')).toBe('handled'));
  });

  it('leaves the keys to a field being typed in, and to modifier shortcuts', async () => {
    stubApi([item(1), item(2)]);
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('inbox-item');
    const search = screen.getByRole('searchbox', { name: 'Search in comments' });
    await user.click(search);
    await user.keyboard('jxh?');
    expect((search as HTMLInputElement).value).toBe('jxh?');
    expect(document.activeElement).toBe(search);
    expect(screen.getByTestId('inbox-selected-count').textContent).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
    search.blur();
    await user.keyboard('{Control>}x{/Control}');
    expect(screen.getByTestId('inbox-selected-count').textContent).toBe('');
    expect(apiCalls().some((c) => c.route === 'set-inbox-state')).toBe(false);
  });

  it('lists the keys in a dialog opened by "?" or the Keyboard shortcuts button', async () => {
    stubApi([item(1)]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('inbox-item');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect([...dialog.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['jor↓', 'kor↑', 'x', 'h', '?']);
    expect([...dialog.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      'Next response',
      'Previous response',
      'Select or unselect the response',
      'Mark the response handled, or reopen it',
      'Show these shortcuts',
    ]);
    // Keys typed while it is open are the dialog's: j does not move the list behind it.
    await user.keyboard('j');
    expect(screen.getAllByTestId('inbox-item')[0]).not.toBe(document.activeElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('dates each response as every page does, in Amsterdam time, and says the keys in Dutch', async () => {
    stubApi([item(1)]);
    const user = userEvent.setup();
    renderPage('/nl/inbox');
    const entry = await screen.findByTestId('inbox-item');
    // 10:00 UTC on 11 January is 11:00 in Amsterdam.
    expect(within(entry).getByText('11 jan 2026, 11:00').tagName).toBe('TIME');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Sneltoetsen' });
    expect(within(dialog).getByText('Reactie afhandelen of weer openen')).toBeTruthy();
    expect(within(dialog).getAllByText('of')).toHaveLength(2);
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
