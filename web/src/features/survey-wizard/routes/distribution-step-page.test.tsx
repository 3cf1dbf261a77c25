import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfile, pathOf } from '@reviewroute/shared';
import { surveyDraftStore } from '@/lib/survey-draft';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { DistributionStepPage } from './distribution-step-page';
import { WizardLayout } from './wizard-layout';
import { sampleSurvey } from '@testing/fixtures';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
const qr = vi.hoisted(() => ({ downloadQrCode: vi.fn() }));
vi.mock('@/lib/qr-code', async (original) => ({ ...(await original<object>()), ...qr }));

const url = 'https://app.example/surveys/abcdefgh/bakery';
function stubApi(landingPageUrl: string | null = url) {
  serveApi(
    apiHandler('get-survey', ({ params }) =>
      params.surveyId === 's1'
        ? HttpResponse.json(survey(landingPageUrl))
        : HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Survey not found.' } }, { status: 404 }),
    ),
    apiHandler('update-profile', () =>
      HttpResponse.json({ ...emptyProfile('u'), surveyUrlCopied: true, updatedAt: '2026-01-01T00:00:00.000Z' }),
    ),
  );
}

const survey = (landingPageUrl: string | null) =>
  sampleSurvey({
    status: landingPageUrl ? 'active' : 'draft',
    surveyCode: landingPageUrl ? 'abcdefgh' : null,
    businessSlug: landingPageUrl ? 'bakery' : null,
    landingPageUrl,
    isActive: Boolean(landingPageUrl),
  });

function renderStep(path = '/distribution-instructions?survey=s1') {
  return renderWithApp(null, {
    path,
    session: { userId: 'u', email: 'a@b.co' },
    routes: [
      {
        element: <WizardLayout />,
        children: [
          { path: '/distribution-instructions', element: <DistributionStepPage /> },
          { path: '/nl/distribution-instructions', element: <DistributionStepPage /> },
          { path: '/survey-setup', element: <h2>Step 1</h2> },
          { path: '/review-routing-setup', element: <h2>Step 3</h2> },
        ],
      },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/nl/dashboard', element: <h1>Dashboard</h1> },
    ],
  });
}

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  qr.downloadQrCode.mockReset();
  stubApi();
});

afterEach(() => {
  vi.useRealTimers();
  surveyDraftStore.clear();
});

describe('wizard step 4', () => {
  it('shows the live URL and the sample e-mail and SMS with it', async () => {
    renderStep();
    expect(((await screen.findByLabelText('Your survey link')) as HTMLInputElement).value).toBe(url);
    expect(screen.getByTestId('email-template').textContent).toBe(
      `Hi [Customer Name], thank you for choosing our service! We'd love to hear about your experience. Please take a moment to share your feedback: ${url}`,
    );
    expect(screen.getByTestId('sms-template').textContent).toBe(
      `Thanks for visiting us! Share your experience: ${url}`,
    );
    expect(screen.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it("copy says 'Copied!' for 2 s, sets survey_url_copied and the profile flag", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderStep();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(url);
    expect(window.localStorage.getItem('survey_url_copied')).toBe('true');
    await waitFor(() =>
      expect(apiCalls()).toContainEqual({
        route: 'update-profile',
        method: 'PATCH',
        path: pathOf('update-profile'),
        body: { surveyUrlCopied: true },
      }),
    );
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(600));
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('copies a sample message and says so on its own button, not in a toast', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderStep();
    await user.click(await screen.findByRole('button', { name: 'Copy sample text message' }));
    expect(writeText).toHaveBeenCalledWith(screen.getByTestId('sms-template').textContent);
    const copied = await screen.findByRole('button', { name: 'Copied!' });
    expect(screen.getByRole('button', { name: 'Copy sample email' })).toBeTruthy();
    expect(copied).not.toBe(screen.getByRole('button', { name: 'Copy link' }));
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('downloads the QR code of the URL and reports a failure', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.click(await screen.findByRole('button', { name: 'Download QR code' }));
    expect(qr.downloadQrCode).toHaveBeenCalledWith(url);
    qr.downloadQrCode.mockRejectedValueOnce(new Error('canvas'));
    await user.click(screen.getByRole('button', { name: 'Download QR code' }));
    expect(await screen.findByText('Failed to generate QR code. Please try again.')).toBeTruthy();
  });

  it('opened without a survey, sends the owner to step 1 and says why (no live survey, no failed link)', async () => {
    const { router } = renderStep('/distribution-instructions');
    expect(await screen.findByRole('heading', { name: 'Step 1' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/survey-setup');
    expect(screen.getByTestId('wizard-notice').textContent).toBe(
      'Start with your business information. The next steps open once it is saved.',
    );
    expect(screen.queryByText('Failed to load survey URL')).toBeNull();
    expect(screen.queryByText('Share your survey', { selector: 'h2' })).toBeNull();
  });

  it('opened for a survey that is not published yet, sends the owner to step 3 and says why', async () => {
    stubApi(null);
    const { router } = renderStep();
    expect(await screen.findByRole('heading', { name: 'Step 3' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/review-routing-setup?survey=s1');
    expect(screen.getByTestId('wizard-notice').textContent).toBe(
      'This survey is not live yet. Complete setup to get its link and QR code.',
    );
    expect(screen.queryByText('Failed to load survey URL')).toBeNull();
  });

  it('Finish clears the draft and goes to the dashboard', async () => {
    surveyDraftStore.update({ surveyId: 's1', businessName: 'Bakery' });
    const user = userEvent.setup();
    const { router } = renderStep();
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem('surveyWizardData')).toBeNull();
  });

  it('is Dutch under /nl; the sample texts are in the survey’s language, which its link carries', async () => {
    renderStep('/nl/distribution-instructions?survey=s1');
    expect(((await screen.findByLabelText('Je enquêtelink')) as HTMLInputElement).value).toBe(url);
    expect(screen.getByTestId('sms-template').textContent).toBe(
      `Thanks for visiting us! Share your experience: ${url}`,
    );
    expect(screen.getByRole('button', { name: 'Link kopiëren' })).toBeTruthy();
  });

  it('writes a Dutch survey’s sample texts in Dutch in the English interface', async () => {
    const dutchUrl = 'https://app.example/nl/surveys/abcdefgh/bakkerij';
    stubApi(dutchUrl);
    renderStep('/distribution-instructions?survey=s1');
    expect(((await screen.findByLabelText('Your survey link')) as HTMLInputElement).value).toBe(dutchUrl);
    expect(screen.getByTestId('sms-template').textContent).toBe(
      `Bedankt voor je bezoek! Deel je ervaring: ${dutchUrl}`,
    );
  });
});
