import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathOf } from '@reviewroute/shared';
import { surveyDraftStore } from '@/lib/survey-draft';
import { apiCalls, apiHandler, everyRoute, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { DashboardPage } from './dashboard-page';
import { emptySurveyStats, sampleSurvey } from '@testing/fixtures';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
const qr = vi.hoisted(() => ({ downloadQrCode: vi.fn() }));
vi.mock('@/lib/qr-code', async (original) => ({ ...(await original<object>()), ...qr }));

const url = 'https://app.example/surveys/abcdefgh/bakery';

const listed = (id: string, businessName: string, landingPageUrl: string | null) => ({
  id,
  businessName,
  status: landingPageUrl ? 'active' : 'draft',
  surveyCode: landingPageUrl ? 'abcdefgh' : null,
  landingPageUrl,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const stats = (surveyId: string) => ({
  surveyId,
  reviewCount: 4,
  averageRating: 4,
  fiveStarCount: 2,
  reviewClicks: 1,
  histogram: [0, 1, 0, 1, 2],
  recentFeedback: [
    {
      id: 'r3',
      rating: 2,
      comment: 'Cold soup',
      createdAt: '2026-01-03T10:00:00.000Z',
      customerName: 'Lena',
      customerEmail: 'lena@example.com',
    },
    {
      id: 'r1',
      rating: 5,
      comment: 'Great',
      createdAt: '2026-01-02T10:00:00.000Z',
      customerName: null,
      customerEmail: null,
    },
  ],
});

const fullSurvey = sampleSurvey({
  id: 'new',
  businessName: 'New Bistro',
  supportEmail: 'anna@bistro.nl',
  customPrompt: 'How was it?',
  status: 'active',
  surveyCode: 'abcdefgh',
  businessSlug: 'new-bistro',
  landingPageUrl: url,
  isActive: true,
});

interface Api {
  surveys: ReturnType<typeof listed>[] | 'fail';
  stats?: 'fail' | 'none';
  onboarding?: { hasActiveSurvey: boolean; urlCopied: boolean; hasResponse: boolean; hasReviewClick: boolean };
}
/** "METHOD path" of every request so far. */
const requests = () => apiCalls().map((c) => `${c.method} ${c.path}`);

function stubApi(api: Api) {
  const notFound = () => HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'nope' } }, { status: 404 });
  serveApi(
    apiHandler('list-surveys', () =>
      api.surveys === 'fail'
        ? HttpResponse.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 })
        : HttpResponse.json({ surveys: api.surveys }),
    ),
    apiHandler('get-survey-stats', ({ params }) =>
      api.stats === 'fail'
        ? HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Survey not found.' } }, { status: 404 })
        : api.stats === 'none'
          ? HttpResponse.json(emptySurveyStats(params.surveyId))
          : HttpResponse.json(stats(params.surveyId)),
    ),
    apiHandler('get-onboarding', () =>
      HttpResponse.json(
        api.onboarding ?? { hasActiveSurvey: true, urlCopied: false, hasResponse: true, hasReviewClick: false },
      ),
    ),
    apiHandler('me', () => HttpResponse.json({ userId: 'u', email: 'owner@example.com' })),
    apiHandler('get-survey', ({ params }) => (params.surveyId === 'new' ? HttpResponse.json(fullSurvey) : notFound())),
    ...everyRoute(notFound),
  );
}

function renderPage(path = '/dashboard') {
  return renderWithApp(null, {
    path,
    session: { userId: 'u', email: 'owner@example.com' },
    routes: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/nl/dashboard', element: <DashboardPage /> },
      { path: '/survey-setup', element: <h1>Survey setup</h1> },
    ],
  });
}

const statValue = (id: string) => within(screen.getByTestId(`stat-${id}`)).getByTestId('stat-value').textContent;

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  qr.downloadQrCode.mockReset();
});

afterEach(() => {
  surveyDraftStore.clear();
});

describe('dashboard page', () => {
  it('selects the newest survey when none is named and shows its numbers and feedback', async () => {
    stubApi({ surveys: [listed('new', 'New Bistro', url), listed('old', 'Old Bakery', null)] });
    renderPage();
    await waitFor(() => expect(statValue('review-count')).toBe('4'));
    expect(statValue('average-rating')).toBe('4.0');
    expect(statValue('five-star-count')).toBe('2');
    // Private feedback is no review: the count says responses, and the clicks through to Google stand apart.
    expect(statValue('review-clicks')).toBe('1');
    expect(
      ['review-count', 'five-star-count', 'review-clicks'].map((id) => screen.getByTestId(`stat-${id}`).textContent),
    ).toEqual([
      'Responses4Private feedback included',
      '5-star ratings2Happiest customers',
      'Clicks to Google1Opened your review page',
    ]);
    expect(screen.getByTestId('selected-survey').textContent).toContain('New Bistro');
    expect(requests()).toContain(`GET ${pathOf('get-survey-stats', { surveyId: 'new' })}`);
    expect(apiCalls().some((c) => c.path.startsWith(pathOf('get-survey', { surveyId: 'old' })))).toBe(false);
    const comments = screen.getAllByTestId('feedback-comment').map((c) => c.textContent);
    expect(comments).toEqual(['Cold soup', 'Great']);
    expect(screen.getByRole('img', { name: 'Rated 2 stars out of 5' })).toBeTruthy();
    expect(screen.getByText('lena@example.com')).toBeTruthy();
    expect((screen.getByLabelText('Survey link') as HTMLInputElement).value).toBe(url);
  });

  it('keeps the survey named in ?survey= and hides the collection card for a draft', async () => {
    stubApi({ surveys: [listed('new', 'New Bistro', url), listed('old', 'Old Bakery', null)] });
    renderPage('/dashboard?survey=old');
    await waitFor(() => expect(requests()).toContain(`GET ${pathOf('get-survey-stats', { surveyId: 'old' })}`));
    expect(screen.getByTestId('selected-survey').textContent).toContain('Old Bakery');
    await screen.findByTestId('quick-actions');
    expect(screen.queryByTestId('feedback-collection')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Send review request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy a request message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit survey' })).toBeTruthy();
  });

  it('selects the newest published survey before a newer abandoned draft', async () => {
    stubApi({ surveys: [listed('old', 'Abandoned Draft', null), listed('new', 'New Bistro', url)] });
    renderPage();
    await waitFor(() => expect(requests()).toContain(`GET ${pathOf('get-survey-stats', { surveyId: 'new' })}`));
    expect(screen.getByTestId('selected-survey').textContent).toContain('New Bistro');
    expect(screen.queryByTestId('draft-notice')).toBeNull();
  });

  it('says a selected draft is not published and leads back to its setup', async () => {
    stubApi({ surveys: [listed('new', 'New Bistro', url), listed('old', 'Old Bakery', null)], stats: 'none' });
    renderPage('/dashboard?survey=old');
    const notice = await screen.findByTestId('draft-notice');
    expect(within(notice).getByText('Draft: not published yet')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Finish setup' }).getAttribute('href')).toBe(
      '/survey-setup?survey=old',
    );
    // No ratings: no average (a dash, read out as such), never "0.0".
    await waitFor(() => expect(statValue('review-count')).toBe('0'));
    expect(statValue('average-rating')).toBe('–No ratings yet');
  });

  it('Finish setup resumes at the first step the draft has not completed', async () => {
    const draft = { ...listed('old', 'Old Bakery', null), completedSteps: ['business', 'landing'] };
    stubApi({ surveys: [draft], stats: 'none' });
    renderPage('/dashboard?survey=old');
    const notice = await screen.findByTestId('draft-notice');
    expect(within(notice).getByRole('link', { name: 'Finish setup' }).getAttribute('href')).toBe(
      '/review-routing-setup?survey=old',
    );
  });

  it('drops an unknown ?survey= from the address and shows the newest', async () => {
    stubApi({ surveys: [listed('new', 'New Bistro', url)] });
    const { router } = renderPage('/dashboard?survey=deleted');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('selected-survey').textContent).toContain('New Bistro');
  });

  it('formats the average with a decimal comma in Dutch and counts reacties, not beoordelingen', async () => {
    stubApi({ surveys: [listed('new', 'Nieuw Café', url)] });
    renderPage('/nl/dashboard');
    await waitFor(() => expect(statValue('average-rating')).toBe('4,0'));
    expect(screen.getByRole('heading', { name: 'Aan de slag' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reacties' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Klikken naar Google' })).toBeTruthy();
  });

  it('shows the checklist with its progress; the local flag completes step 2; all done congratulates', async () => {
    stubApi({ surveys: [listed('new', 'New Bistro', url)] });
    renderPage();
    const bar = await screen.findByRole('progressbar', { name: 'Onboarding progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(bar.getAttribute('aria-valuetext')).toBe('2 of 4 steps done');
    expect(screen.getByTestId('checklist-activeSurvey').textContent).toContain('Done:');
    expect(screen.getByTestId('checklist-urlCopied').textContent).toContain('To do:');
    expect(screen.queryByTestId('onboarding-complete')).toBeNull();

    stubApi({
      surveys: [listed('new', 'New Bistro', url)],
      onboarding: { hasActiveSurvey: true, urlCopied: false, hasResponse: true, hasReviewClick: true },
    });
    window.localStorage.setItem('survey_url_copied', 'true');
    renderPage();
    expect(await screen.findByTestId('onboarding-complete')).toBeTruthy();
  });

  it('copying the URL completes step 2 at once and says Copied!', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    stubApi({ surveys: [listed('new', 'New Bistro', url)] });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(window.localStorage.getItem('survey_url_copied')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('checklist-urlCopied').getAttribute('data-done')).toBe('true'));
    await waitFor(() => expect(requests()).toContain(`PATCH ${pathOf('update-profile')}`));
  });

  it('reports a refused copy and a failed QR code with the spec texts', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    qr.downloadQrCode.mockRejectedValue(new Error('canvas'));
    stubApi({ surveys: [listed('new', 'New Bistro', url)] });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
    expect(screen.getByText('Select the link and copy it manually.')).toBeTruthy();
    expect(window.localStorage.getItem('survey_url_copied')).toBeNull();
    await user.click(
      within(screen.getByTestId('feedback-collection')).getByRole('button', { name: 'Download QR code' }),
    );
    expect(qr.downloadQrCode).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Failed to generate QR code. Please try again.')).toBeTruthy();
  });

  it('the send-request dialog has the spec templates with copy buttons and prefilled links', async () => {
    const user = userEvent.setup();
    stubApi({ surveys: [listed('new', 'New Bistro', url)] });
    renderPage();
    // Send review request leads to the page that mails the customers; the message to copy is one click away.
    expect((await screen.findByRole('link', { name: 'Send review request' })).getAttribute('href')).toBe(
      '/review-requests?survey=new',
    );
    await user.click(screen.getByRole('button', { name: 'Copy a request message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a review request' });
    const email = `Hi [Customer Name], thank you for choosing our service! We'd love to hear about your experience. Please take a moment to share your feedback: ${url}`;
    const sms = `Thanks for visiting us! Share your experience: ${url}`;
    expect(within(dialog).getByTestId('email-template').textContent).toBe(email);
    expect(within(dialog).getByTestId('sms-template').textContent).toBe(sms);
    expect(within(dialog).getByRole('link', { name: 'Open in mail app' }).getAttribute('href')).toBe(
      `mailto:?subject=${encodeURIComponent('How was your experience?')}&body=${encodeURIComponent(email)}`,
    );
    expect(within(dialog).getByRole('link', { name: 'Open in SMS app' }).getAttribute('href')).toBe(
      `sms:?&body=${encodeURIComponent(sms)}`,
    );
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(dialog).getByRole('button', { name: 'Copy SMS' }));
    expect(writeText).toHaveBeenCalledWith(sms);
  });

  it('writes the templates of a Dutch survey (a /nl link) in Dutch', async () => {
    const user = userEvent.setup();
    const dutchUrl = 'https://app.example/nl/surveys/abcdefgh/nieuw-cafe';
    stubApi({ surveys: [listed('new', 'Nieuw Café', dutchUrl)] });
    renderPage('/nl/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Verzoektekst kopiëren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Een reviewverzoek sturen' });
    expect(within(dialog).getByTestId('sms-template').textContent).toBe(
      `Bedankt voor je bezoek! Deel je ervaring: ${dutchUrl}`,
    );
  });

  it('Edit survey loads the survey into the wizard draft and opens step 1 (the sidebar code path)', async () => {
    const user = userEvent.setup();
    stubApi({ surveys: [listed('new', 'New Bistro', url)] });
    const { router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit survey' }));
    expect(await screen.findByText('Survey loaded')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/survey-setup'));
    expect(router.state.location.search).toBe('?survey=new');
    expect(JSON.parse(window.localStorage.getItem('surveyWizardData')!).drafts.new).toMatchObject({
      surveyId: 'new',
      businessName: 'New Bistro',
    });
  });

  it("shows 'Failed to load survey data' when the stats fail", async () => {
    stubApi({ surveys: [listed('new', 'New Bistro', url)], stats: 'fail' });
    renderPage();
    expect(await screen.findByText('Failed to load survey data. Please try again.')).toBeTruthy();
  });

  it("shows 'Failed to load surveys' with a retry when the list fails", async () => {
    stubApi({ surveys: 'fail' });
    renderPage();
    expect((await screen.findAllByText('Failed to load surveys. Please try again.')).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    stubApi({ surveys: [listed('new', 'New Bistro', url)] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(statValue('review-count')).toBe('4'));
  });

  it('keeps the welcome card when the owner has no surveys', async () => {
    stubApi({ surveys: [] });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Create your first survey' })).toBeTruthy();
    expect(screen.queryByTestId('stat-review-count')).toBeNull();
  });
});
