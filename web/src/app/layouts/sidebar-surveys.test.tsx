import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathOf, type SurveyListItem } from '@reviewroute/shared';
import { surveyDraftStorageKey, surveyDraftStore } from '@/lib/survey-draft';
import { apiCalls, apiHandler, configHandler, everyRoute, serveApi } from '@testing/api';
import { sampleAppConfig, sampleSurvey } from '@testing/fixtures';
import { renderWithApp } from '@testing/render';
import { routes } from '../router';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn(), getCurrentUser: vi.fn(), signOut: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('@/lib/amplify', () => ({ authFlowType: () => 'USER_PASSWORD_AUTH', configureAmplify: vi.fn() }));

const item = (id: string, status: string, landingPageUrl: string | null, businessName = `Shop ${id}`) =>
  ({
    id,
    businessName,
    status,
    surveyCode: null,
    landingPageUrl,
    createdAt: '2026-01-01T00:00:00.000Z',
  }) as SurveyListItem;

const fullSurvey = sampleSurvey({
  id: 'a',
  businessName: 'Shop a',
  supportEmail: 'anna@shop.nl',
  industry: 'Bakery',
  customPrompt: 'How was it?',
  status: 'active',
  surveyCode: 'abcdefgh',
  businessSlug: 'shop-a',
  landingPageUrl: 'https://app.example/surveys/abcdefgh/shop-a',
  isActive: true,
});

let list: SurveyListItem[] | 'error' = [];

function renderDashboard(path = '/dashboard') {
  const { router } = renderWithApp(null, { path, routes, session: { userId: 'u', email: 'anna@shop.nl' } });
  return { router, user: userEvent.setup() };
}

beforeEach(() => {
  list = [];
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  const notFound = () => new HttpResponse('not found', { status: 404 });
  serveApi(
    // The owner pages' runtime config (loaded with their routes).
    configHandler(sampleAppConfig),
    apiHandler('me', () => HttpResponse.json({ userId: 'u', email: 'anna@shop.nl' })),
    apiHandler('list-surveys', () =>
      list === 'error'
        ? HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 })
        : HttpResponse.json({ surveys: list }),
    ),
    apiHandler('get-survey', ({ params }) => (params.surveyId === 'a' ? HttpResponse.json(fullSurvey) : notFound())),
    apiHandler('delete-survey', ({ params }) => {
      if (params.surveyId !== 'b') return notFound();
      list = (list as SurveyListItem[]).filter((s) => s.id !== 'b');
      return new HttpResponse(null, { status: 204 });
    }),
    ...everyRoute(notFound),
  );
});

afterEach(() => {
  surveyDraftStore.clear();
});

// The first render loads the lazy dashboard chunks: allow more than the default second.
const surveyButton = (name: RegExp) => screen.findByRole('button', { name }, { timeout: 5000 });

describe('sidebar survey list', () => {
  it('selects a survey on the dashboard by its name; the selected one is the current page', async () => {
    list = [item('a', 'active', fullSurvey.landingPageUrl), item('b', 'draft', null)];
    const { user, router } = renderDashboard();
    await surveyButton(/Shop a/);
    const link = (name: RegExp) => screen.getByRole('link', { name });
    // None named: the newest (first) is selected.
    await waitFor(() => expect(link(/Shop a/).getAttribute('aria-current')).toBe('page'));
    expect(link(/Shop b/).getAttribute('aria-current')).toBeNull();
    expect(link(/Shop b/).getAttribute('href')).toBe('/dashboard?survey=b');
    await user.click(link(/Shop b/));
    await waitFor(() => expect(router.state.location.search).toBe('?survey=b'));
    await waitFor(() => expect(link(/Shop b/).getAttribute('aria-current')).toBe('page'));
    expect(link(/Shop a/).getAttribute('aria-current')).toBeNull();
  });

  it('links to the Dutch dashboard under /nl', async () => {
    list = [item('a', 'active', fullSurvey.landingPageUrl)];
    window.localStorage.setItem('i18nextLng', 'nl');
    renderDashboard('/nl/dashboard');
    await surveyButton(/Shop a/);
    expect(screen.getByRole('link', { name: /Shop a/ }).getAttribute('href')).toBe('/nl/dashboard?survey=a');
  });

  it('shows each survey with its status as colour and as text', async () => {
    list = [
      item('a', 'active', 'https://app.example/surveys/abcdefgh/shop-a'),
      item('b', 'draft', null),
      item('c', 'archived', null),
    ];
    renderDashboard();
    // The name is the link that selects the survey; the chevron beside it names the survey and its status too.
    await surveyButton(/Shop a/);
    const active = screen.getByRole('link', { name: /Shop a/ });
    expect(active.textContent).toContain('Status: Active');
    expect(active.querySelector('[data-testid="survey-status-dot"]')!.className).toContain('bg-green-600');
    expect(screen.getByRole('button', { name: 'Actions for Shop a (Active)' })).toBeTruthy();
    const draft = screen.getByRole('link', { name: /Shop b/ });
    expect(draft.textContent).toContain('Status: Draft');
    expect(draft.querySelector('[data-testid="survey-status-dot"]')!.className).toContain('bg-yellow-400');
    const other = screen.getByRole('link', { name: /Shop c/ });
    expect(other.textContent).toContain('Status: archived');
    expect(other.querySelector('[data-testid="survey-status-dot"]')!.className).toContain('bg-blue-600');
    expect(screen.queryByText('Get started!')).toBeNull();
  });

  it('keeps the Get started! empty state without surveys', async () => {
    renderDashboard();
    expect(await screen.findByText('Get started!')).toBeTruthy();
  });

  it("toasts 'Failed to load surveys. Please try again.' when the list fails", async () => {
    list = 'error';
    renderDashboard();
    expect(await screen.findByText('Failed to load surveys. Please try again.')).toBeTruthy();
  });

  it('View landing page opens the landing URL in a new tab', async () => {
    list = [item('a', 'active', 'https://app.example/surveys/abcdefgh/shop-a')];
    const { user } = renderDashboard();
    await user.click(await surveyButton(/Shop a/));
    const link = await within(screen.getByTestId('sidebar-surveys')).findByRole('link', { name: /View landing page/ });
    expect(link.getAttribute('href')).toBe('https://app.example/surveys/abcdefgh/shop-a');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("shows 'Survey setup required' for a survey without a landing URL", async () => {
    list = [item('b', 'draft', null)];
    const { user } = renderDashboard();
    await user.click(await surveyButton(/Shop b/));
    await user.click(
      await within(screen.getByTestId('sidebar-surveys')).findByRole('button', { name: 'View landing page' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Survey setup required' })).toBeTruthy();
  });

  it('Edit survey loads the survey into the wizard draft and opens step 1', async () => {
    list = [item('a', 'active', fullSurvey.landingPageUrl)];
    const { user, router } = renderDashboard();
    await user.click(await surveyButton(/Shop a/));
    await user.click(await within(screen.getByTestId('sidebar-surveys')).findByRole('button', { name: 'Edit survey' }));
    expect(await screen.findByText('Survey loaded')).toBeTruthy();
    expect(screen.getByText('You can now edit your survey settings.')).toBeTruthy();
    // The wizard's chunk loads on the first visit: allow more than the default second.
    await waitFor(() => expect(router.state.location.pathname).toBe('/survey-setup'), { timeout: 5000 });
    // The address names the survey: the wizard edits its draft, not the new survey's.
    expect(router.state.location.search).toBe('?survey=a');
    expect(((await screen.findByLabelText(/Business name/, {}, { timeout: 5000 })) as HTMLInputElement).value).toBe(
      'Shop a',
    );
    expect(JSON.parse(window.localStorage.getItem(surveyDraftStorageKey)!).drafts).toEqual({
      a: expect.objectContaining({ surveyId: 'a', customPrompt: 'How was it?' }),
    });
    // Editing says which survey, and the sidebar highlights it instead of Create.
    expect(screen.getByRole('heading', { level: 1, name: 'Edit survey — Shop a' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Shop a/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'Create new survey' }).getAttribute('data-active')).toBe('false');
  });

  it('Edit survey goes to the Dutch step 1 under /nl', async () => {
    list = [item('a', 'active', fullSurvey.landingPageUrl)];
    window.localStorage.setItem('i18nextLng', 'nl');
    const { user, router } = renderDashboard('/nl/dashboard');
    await user.click(await surveyButton(/Shop a/));
    await user.click(
      await within(screen.getByTestId('sidebar-surveys')).findByRole('button', { name: 'Enquête bewerken' }),
    );
    expect(await screen.findByText('Enquête geladen')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/survey-setup'));
  });

  it('deletes a survey after the confirmation and refreshes the list', async () => {
    list = [item('a', 'active', fullSurvey.landingPageUrl), item('b', 'draft', null)];
    const { user } = renderDashboard();
    await user.click(await surveyButton(/Shop b/));
    await user.click(
      await within(screen.getByTestId('sidebar-surveys')).findByRole('button', { name: 'Delete survey' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete survey' });
    expect(dialog.textContent).toContain('cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Survey deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Shop b/ })).toBeNull());
    expect(apiCalls()).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: pathOf('delete-survey', { surveyId: 'b' }) }),
    );
  });

  it('deleting the selected survey moves the selection to the newest remaining one', async () => {
    list = [item('a', 'active', fullSurvey.landingPageUrl), item('b', 'draft', null)];
    const { user, router } = renderDashboard('/dashboard?survey=b');
    await user.click(await surveyButton(/Shop b/));
    await user.click(
      await within(screen.getByTestId('sidebar-surveys')).findByRole('button', { name: 'Delete survey' }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByRole('link', { name: /Shop a/ }).getAttribute('aria-current')).toBe('page'));
    expect(screen.getByTestId('selected-survey').textContent).toContain('Shop a');
  });
});
