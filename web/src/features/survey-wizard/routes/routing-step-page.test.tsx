import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathOf, surveyDefaultTexts } from '@reviewroute/shared';
import { surveyDraftStorageKey, surveyDraftStore } from '@/lib/survey-draft';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { BusinessStepPage } from './business-step-page';
import { RoutingStepPage } from './routing-step-page';
import { WizardLayout } from './wizard-layout';
import { sampleSurvey } from '@testing/fixtures';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

/** The route ids of every call so far. */
const requested = () => apiCalls().map((c) => c.route);
let publishFails = false;
/** The plan's refusal the publish answers with, if any (decisions 22). */
let planRefusal: 'SURVEY_LIMIT_REACHED' | 'PLAN_EXPIRED' | undefined;
let published = false;

const survey = (body: Record<string, unknown> = {}) => ({ ...sampleSurvey(), ...body });

beforeEach(() => {
  publishFails = false;
  planRefusal = undefined;
  published = false;
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  serveApi(
    apiHandler('update-survey', async ({ request }) =>
      HttpResponse.json(survey((await request.json()) as Record<string, unknown>)),
    ),
    apiHandler('publish-survey', () => {
      if (planRefusal)
        return HttpResponse.json({ error: { code: planRefusal, message: 'Refused by the plan' } }, { status: 402 });
      if (publishFails)
        return HttpResponse.json(
          { error: { code: 'VALIDATION_FAILED', message: 'Business name is required' } },
          { status: 400 },
        );
      published = true;
      return HttpResponse.json(survey({ status: 'active', isActive: true, landingPageUrl: 'https://x/surveys/a/b' }));
    }),
    // Published once the publish call ran (step 4 reads it back).
    apiHandler('get-survey', () => HttpResponse.json(survey(published ? { status: 'active' } : {}))),
    apiHandler('list-surveys', () => HttpResponse.json({ surveys: [] })),
  );
  // This browser's draft of the survey at the version the server holds (sampleSurvey's): the draft stands.
  surveyDraftStore.update({ surveyId: 's1', businessName: 'Bakery', baseVersion: 1 });
});

afterEach(() => {
  surveyDraftStore.clear();
});

function renderRouting() {
  return renderWithApp(null, {
    path: '/review-routing-setup?survey=s1',
    session: { userId: 'u', email: 'a@b.co' },
    routes: [
      {
        element: <WizardLayout />,
        children: [
          { path: '/review-routing-setup', element: <RoutingStepPage /> },
          { path: '/survey-setup', element: <BusinessStepPage /> },
          { path: '/distribution-instructions', element: <h2>Step 4</h2> },
        ],
      },
    ],
  });
}

describe('wizard step 3', () => {
  it('saves, publishes, clears the draft and opens step 4 with the survey id', async () => {
    const user = userEvent.setup();
    const { router } = renderRouting();
    await user.click(await screen.findByRole('switch', { name: 'Ask for contact details' }));
    await user.click(screen.getByRole('button', { name: /Complete setup/ }));
    expect(await screen.findByText('Survey created successfully!')).toBeTruthy();
    expect(screen.getByText('Your survey is now active and ready to collect feedback.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/distribution-instructions'));
    expect(router.state.location.search).toBe('?survey=s1');
    expect(requested()).toEqual(expect.arrayContaining(['update-survey', 'publish-survey']));
    const s1 = { surveyId: 's1' };
    expect(apiCalls().find((c) => c.route === 'publish-survey')?.path).toBe(pathOf('publish-survey', s1));
    expect(apiCalls().find((c) => c.route === 'update-survey')?.path).toBe(pathOf('update-survey', s1));
    expect(window.localStorage.getItem(surveyDraftStorageKey)).toBeNull();
  });

  it('has the low-rating e-mail alerts on by default, after the contact details, and saves them switched off', async () => {
    const user = userEvent.setup();
    renderRouting();
    const alerts = await screen.findByRole('switch', { name: 'Email me about low ratings' });
    expect(alerts.getAttribute('aria-checked')).toBe('true');
    // It follows the contact switch and that switch's follow-up message, which belong together.
    const followUp = screen.getByLabelText(/Message after leaving contact details/);
    expect(followUp.compareDocumentPosition(alerts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(alerts);
    await user.click(screen.getByRole('button', { name: /Complete setup/ }));
    expect(await screen.findByText('Survey created successfully!')).toBeTruthy();
    expect(apiCalls().find((c) => c.route === 'update-survey')?.body).toMatchObject({ lowRatingAlerts: false });
  });

  it('edits the text a low-rating customer reads after leaving contact details, previewed with the switch on', async () => {
    const user = userEvent.setup();
    renderRouting();
    const followUp = within(await screen.findByTestId('band-low')).getByLabelText(
      /Message after leaving contact details/,
    );
    expect((followUp as HTMLTextAreaElement).value).toBe(surveyDefaultTexts.en.contactFollowUpMessage);
    await user.clear(followUp);
    expect(await screen.findByText('Message is required')).toBeTruthy();
    await user.type(followUp, 'We will call you back.');
    await user.click(screen.getByRole('switch', { name: 'Ask for contact details' }));
    await user.click(screen.getByRole('button', { name: 'Preview: Low ratings (1–2 stars)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Low ratings (1–2 stars)' });
    expect(within(dialog).getByTestId('preview-contact-follow-up').textContent).toContain('We will call you back.');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /Complete setup/ }));
    await waitFor(() => expect(requested()).toContain('publish-survey'));
    expect(apiCalls().find((c) => c.route === 'update-survey')?.body).toMatchObject({
      contactFollowUpMessage: 'We will call you back.',
      collectContactOnLowRating: true,
    });
  });

  it('stays with the error toast when publishing fails', async () => {
    publishFails = true;
    const user = userEvent.setup();
    const { router } = renderRouting();
    await user.click(await screen.findByRole('button', { name: /Complete setup/ }));
    expect(await screen.findByText('Failed to complete survey setup. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/review-routing-setup');
    expect(surveyDraftStore.getSnapshot().draft.surveyId).toBe('s1');
  });

  it('refused by the plan: the survey stays saved, the upgrade prompt leads to /payments', async () => {
    planRefusal = 'SURVEY_LIMIT_REACHED';
    const user = userEvent.setup();
    const { router } = renderRouting();
    await user.click(await screen.findByRole('button', { name: /Complete setup/ }));
    const prompt = await screen.findByTestId('plan-limit-prompt');
    expect(within(prompt).getByText('Upgrade to publish this survey')).toBeTruthy();
    expect(within(prompt).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/payments');
    expect(
      await screen.findByText(
        'Your plan does not allow another active survey. Upgrade your plan to publish this survey.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/review-routing-setup');
    expect(surveyDraftStore.getSnapshot().draft.surveyId).toBe('s1');
  });

  it('requires each message', async () => {
    const user = userEvent.setup();
    renderRouting();
    const mid = within(await screen.findByTestId('band-mid')).getByLabelText(/Thank-you message/);
    await user.clear(mid);
    expect(await screen.findByText('Message is required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Complete setup/ }));
    expect(apiCalls().filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('previews each band: the review button for 5 stars only, for everyone with the switch on', async () => {
    const user = userEvent.setup();
    renderRouting();
    await user.click(await screen.findByRole('button', { name: 'Preview: High ratings (5 stars)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Preview: High ratings (5 stars)' });
    expect(within(dialog).getByText(/Thank you for your wonderful feedback!/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Leave a review on Google' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Preview: Low ratings (1–2 stars)' }));
    dialog = await screen.findByRole('dialog', { name: 'Preview: Low ratings (1–2 stars)' });
    expect(within(dialog).queryByRole('button', { name: 'Leave a review on Google' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('switch', { name: 'Offer the public review to every customer' }));
    await user.click(screen.getByRole('button', { name: 'Preview: Medium ratings (3–4 stars)' }));
    dialog = await screen.findByRole('dialog', { name: 'Preview: Medium ratings (3–4 stars)' });
    expect(within(dialog).getByRole('button', { name: 'Leave a review on Google' })).toBeTruthy();
  });

  it('Start over clears the draft after a confirmation', async () => {
    const user = userEvent.setup();
    const { router } = renderRouting();
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start a new survey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/survey-setup'));
    expect(window.localStorage.getItem(surveyDraftStorageKey)).toBeNull();
    expect(((await screen.findByLabelText(/Business name/)) as HTMLInputElement).value).toBe('');
  });
});
