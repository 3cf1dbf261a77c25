import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { googleReviewUrlOf, type PlaceSearchResult, surveyMessages } from '@reviewroute/shared';
import { loadConfig } from '@/lib/config';
import { surveyDraftStore } from '@/lib/survey-draft';
import { apiCalls, apiHandler, configHandler, serveApi } from '@testing/api';
import { sampleAppConfig } from '@testing/fixtures';
import { renderWithApp } from '@testing/render';
import { BusinessStepPage } from '../routes/business-step-page';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const place = (id: string, name: string, extra: Partial<PlaceSearchResult> = {}): PlaceSearchResult => ({
  place_id: id,
  name,
  formatted_address: `${name} street 1, Utrecht`,
  rating: 4.5,
  user_ratings_total: 12,
  types: ['bakery'],
  google_review_url: googleReviewUrlOf(id),
  ...extra,
});
const bakeries = [
  place('p1', 'Bakkerij de Vries', { primary_type_label: 'Bakery' }),
  place('p2', 'Bakkerij Jansen', { rating: null, user_ratings_total: null }),
];

function fakeApi(answer: (query: string) => Response) {
  serveApi(
    apiHandler('search-places', async ({ request }) =>
      answer(String(((await request.json()) as { query?: unknown }).query)),
    ),
    apiHandler('list-surveys', () => HttpResponse.json({ surveys: [] })),
  );
}
const searches = () =>
  apiCalls()
    .filter((c) => c.route === 'search-places')
    .map((c) => c.body);

const finder = () => screen.getByRole('combobox', { name: 'Name and city on Google' });
/** The runtime config as the owner app loads it before its pages render. */
const loadAppConfig = (placeSearch: boolean) => {
  serveApi(configHandler({ ...sampleAppConfig, placeSearch }));
  return loadConfig();
};
const render = (path = '/survey-setup') =>
  renderWithApp(<BusinessStepPage />, { path, session: { userId: 'u', email: 'anna@bakery.nl' } });

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  surveyDraftStore.reload();
});

afterEach(async () => {
  await loadAppConfig(true);
  cleanup();
  window.localStorage.clear();
  surveyDraftStore.clear();
});

describe('business finder (wizard step 1)', () => {
  it('searches after a pause, lists name, address and reviews, and fills step 1 from the keyboard', async () => {
    fakeApi((query) => HttpResponse.json({ results: query.startsWith('Bakkerij') ? bakeries : [] }));
    const user = userEvent.setup();
    render();
    await user.type(finder(), 'Bakkerij');
    const list = await screen.findByRole('listbox', { name: 'Businesses found' }, { timeout: 3000 });
    expect(searches()).toEqual([{ query: 'Bakkerij', language: 'en' }]);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Bakkerij de VriesBakkerij de Vries street 1, Utrecht4.5 ★ (12 reviews)',
      'Bakkerij JansenBakkerij Jansen street 1, UtrechtNo reviews yet',
    ]);
    expect(finder().getAttribute('aria-expanded')).toBe('true');
    expect(finder().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(finder().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(list.hidden).toBe(true);
    expect((screen.getByLabelText(/Business name/) as HTMLInputElement).value).toBe('Bakkerij de Vries');
    expect((screen.getByLabelText(/Google review page URL/) as HTMLInputElement).value).toBe(
      'https://search.google.com/local/writereview?placeid=p1',
    );
    expect((screen.getByLabelText(/Industry/) as HTMLInputElement).value).toBe('Bakery');
    expect(await screen.findByText('Business selected')).toBeTruthy();
    expect(screen.queryByText(surveyMessages.googleUrlInvalid)).toBeNull();
  });

  it('does not search two characters by itself; Enter searches at once and says when nothing is found', async () => {
    fakeApi(() => HttpResponse.json({ results: [] }));
    const user = userEvent.setup();
    render('/nl/survey-setup');
    const input = screen.getByRole('combobox', { name: 'Naam en plaats op Google' });
    await user.type(input, 'xy');
    await user.type(input, '{Enter}');
    expect(await screen.findByText('Geen resultaten gevonden')).toBeTruthy();
    expect(searches()).toEqual([{ query: 'xy', language: 'nl' }]);
  });

  it("asks for a name when Enter is pressed on empty text (the spec's 'Search required')", async () => {
    fakeApi(() => HttpResponse.json({ results: [] }));
    const user = userEvent.setup();
    render();
    await user.type(finder(), '{Enter}');
    expect(await screen.findByText('Search required')).toBeTruthy();
    expect(searches()).toEqual([]);
  });

  it("shows 'Search failed' when the API fails", async () => {
    fakeApi(() => HttpResponse.json({ error: { code: 'PLACES_UNAVAILABLE', message: 'x' } }, { status: 502 }));
    const user = userEvent.setup();
    render();
    await user.type(finder(), 'Bakkerij{Enter}');
    expect(await screen.findByText('Search failed')).toBeTruthy();
    expect(screen.getByText('Unable to search for businesses. Please try again.')).toBeTruthy();
  });

  it('says search is not configured at once when the runtime config says so; manual entry works', async () => {
    await loadAppConfig(false);
    fakeApi(() => HttpResponse.json({ results: bakeries }));
    const user = userEvent.setup();
    render();
    expect(screen.getByText('Business search is not configured here. Enter your business details below.')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.type(screen.getByLabelText(/Business name/), 'Bakery');
    await waitFor(() => expect((screen.getByLabelText(/Business name/) as HTMLInputElement).value).toBe('Bakery'));
    expect(searches()).toEqual([]);
  });

  it('says search is not configured when the API answers so, and manual entry still works', async () => {
    fakeApi(() =>
      HttpResponse.json(
        { error: { code: 'PLACES_NOT_CONFIGURED', message: 'Business search is not configured.' } },
        { status: 503 },
      ),
    );
    const user = userEvent.setup();
    render();
    await user.type(finder(), 'Bakkerij{Enter}');
    expect(
      await screen.findByText('Business search is not configured here. Enter your business details below.'),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.type(screen.getByLabelText(/Business name/), 'Bakery');
    await waitFor(() => expect((screen.getByLabelText(/Business name/) as HTMLInputElement).value).toBe('Bakery'));
  });
});
