import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathOf, type Survey, surveyDefaultTexts, surveyMessages } from '@reviewroute/shared';
import { surveyDraftStorageKey, surveyDraftStore } from '@/lib/survey-draft';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { BusinessStepPage } from './business-step-page';
import { LandingStepPage } from './landing-step-page';
import { WizardLayout } from './wizard-layout';
import { sampleSurvey } from '@testing/fixtures';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const googleUrl = 'https://search.google.com/local/writereview?placeid=abc';

const storedSurvey = (id: string, body: Record<string, unknown> = {}): Survey => ({
  ...sampleSurvey({
    id,
    googleBusinessUrl: googleUrl,
    supportEmail: 'anna@bakery.nl',
    customPrompt: 'How was your experience with our business?',
  }),
  ...body,
});

const notFound = () =>
  HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Survey not found.' } }, { status: 404 });
/** The fake API: POST creates `new-<n>`, PATCH of `gone` is a 404, no survey can be read. */
function fakeApi() {
  let created = 0;
  serveApi(
    apiHandler('create-survey', async ({ request }) =>
      HttpResponse.json(storedSurvey(`new-${++created}`, (await request.json()) as Record<string, unknown>), {
        status: 201,
      }),
    ),
    apiHandler('update-survey', async ({ request, params }) =>
      params.surveyId === 'gone'
        ? notFound()
        : HttpResponse.json(storedSurvey(params.surveyId, (await request.json()) as Record<string, unknown>)),
    ),
    apiHandler('get-survey', notFound),
    apiHandler('list-surveys', () => HttpResponse.json({ surveys: [] })),
  );
}
const saves = () => apiCalls().filter((c) => c.method !== 'GET');
const update = (surveyId: string) => pathOf('update-survey', { surveyId });

function renderWizard(path = '/survey-setup') {
  return renderWithApp(null, {
    path,
    session: { userId: 'u', email: 'anna@bakery.nl' },
    routes: [
      {
        element: <WizardLayout />,
        children: [
          { path: '/survey-setup', element: <BusinessStepPage /> },
          { path: '/nl/survey-setup', element: <BusinessStepPage /> },
          { path: '/landing-page-preview', element: <LandingStepPage /> },
          { path: '/nl/landing-page-preview', element: <LandingStepPage /> },
        ],
      },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
  });
}

const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  fakeApi();
  surveyDraftStore.reload();
});

afterEach(() => {
  window.localStorage.clear();
  surveyDraftStore.clear();
});

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/Business name/), 'Bakery');
  await user.type(field(/Owner name/), 'Anna');
  await user.type(field(/Google review page URL/), 'search.google.com/local/writereview?placeid=abc');
  await user.type(field(/Support email/), 'anna@bakery.nl');
}

describe('wizard step 1', () => {
  it('marks the required fields with an asterisk read as "required"; industry is optional', async () => {
    renderWizard();
    await screen.findByRole('heading', { level: 2, name: 'Business information' });
    for (const label of [/Business name/, /Owner name/, /Google review page URL/, /Support email/]) {
      expect(field(label).getAttribute('aria-required')).toBe('true');
      expect(field(label).labels![0]!.textContent).toContain('*');
      expect(field(label).labels![0]!.textContent).toContain('(required)');
    }
    expect(field(/Industry/).getAttribute('aria-required')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow')).toBe('25');
    const current = screen.getByRole('navigation', { name: 'Setup steps' }).querySelector('[aria-current="step"]');
    expect(current?.textContent).toContain('Business information');
  });

  it('shows every required message on submit and saves nothing', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Business name is required')).toBeTruthy();
    expect(screen.getByText('Owner name is required')).toBeTruthy();
    expect(screen.getByText('Google Business URL is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(field(/Business name/).getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toEqual([]);
  });

  it('whitespace only is empty (trimmed before the check)', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.type(await screen.findByLabelText(/Business name/), '   ');
    expect(screen.queryByText('Business name is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Business name is required')).toBeTruthy();
  });

  it('names the limit when a text is too long', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(await screen.findByLabelText(/Business name/));
    await user.paste('B'.repeat(201));
    expect(await screen.findByText('This text is too long: at most 200 characters')).toBeTruthy();
    await user.click(field(/Industry/));
    await user.paste('I'.repeat(101));
    expect(await screen.findByText('This text is too long: at most 100 characters')).toBeTruthy();
  });

  it('checks live: the message appears for a wrong value and clears when valid or empty', async () => {
    const user = userEvent.setup();
    renderWizard();
    const email = await screen.findByLabelText(/Support email/);
    await user.type(email, 'anna@');
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    await user.type(email, 'bakery.nl');
    await waitFor(() => expect(screen.queryByText('Valid email is required')).toBeNull());
    await user.clear(email);
    await user.type(email, 'x');
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    await user.clear(email);
    await waitFor(() => expect(screen.queryByText('Valid email is required')).toBeNull());
    expect(screen.queryByText('Email is required')).toBeNull();

    const url = field(/Google review page URL/);
    await user.type(url, 'https://maps.example.com/review');
    expect(await screen.findByText(surveyMessages.googleUrlInvalid)).toBeTruthy();
    await user.clear(url);
    await waitFor(() => expect(screen.queryByText(surveyMessages.googleUrlInvalid)).toBeNull());
  });

  it('accepts Google’s share link and saves it normalised to https', async () => {
    const user = userEvent.setup();
    const { router } = renderWizard();
    await fillValid(user);
    await user.clear(field(/Google review page URL/));
    await user.type(field(/Google review page URL/), 'www.g.page/r/CbcPR2x8E3YBEAE/review/?utm_source=share');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing-page-preview'));
    expect(saves()[0]!.body).toMatchObject({ googleBusinessUrl: 'https://g.page/r/CbcPR2x8E3YBEAE/review' });
  });

  it('names both link forms for a wrong link and opens the help on finding it', async () => {
    const user = userEvent.setup();
    renderWizard();
    const help = (await screen.findByText('Where do I find this link?')).closest('details')!;
    expect(help.open).toBe(false);
    await user.type(field(/Google review page URL/), 'https://g.page.example.com/r/x/review');
    const error = await screen.findByTestId('googleBusinessUrl-error');
    expect(error.textContent).toContain('search.google.com/local/writereview?placeid=');
    expect(error.textContent).toContain('g.page/r/');
    await waitFor(() => expect(help.open).toBe(true));
    expect(help.textContent).toContain('Ask for reviews');
  });

  it('starts a new survey in the interface language; the default texts follow the chosen language', async () => {
    const user = userEvent.setup();
    const { router } = renderWizard('/nl/survey-setup');
    const dutch = (await screen.findByRole('radio', { name: 'Nederlands' })) as HTMLInputElement;
    await waitFor(() => expect(dutch.checked).toBe(true));
    expect(surveyDraftStore.getSnapshot().draft.customPrompt).toBe(surveyDefaultTexts.nl.customPrompt);
    await user.click(screen.getByRole('radio', { name: 'English (Engels)' }));
    await waitFor(() =>
      expect(surveyDraftStore.getSnapshot().draft.customPrompt).toBe(surveyDefaultTexts.en.customPrompt),
    );
    await user.type(field(/Bedrijfsnaam/), 'Bakery');
    await user.type(field(/Naam eigenaar/), 'Anna');
    await user.type(field(/Google-reviewpagina/), 'g.page/r/CbcPR2x8E3YBEAE/review');
    await user.type(field(/Support-e-mailadres/), 'anna@bakery.nl');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/landing-page-preview'));
    expect(saves()[0]!.body).toMatchObject({
      language: 'en',
      customPrompt: surveyDefaultTexts.en.customPrompt,
      lowRatingMessage: surveyDefaultTexts.en.lowRatingMessage,
    });
  });

  it('on a saved survey, step 1 takes the later steps’ default texts along only with a language changed here', async () => {
    serveApi(
      apiHandler('get-survey', ({ params }) =>
        HttpResponse.json(storedSurvey(params.surveyId, { ...surveyDefaultTexts.en, businessName: 'Bakery' })),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderWizard('/survey-setup?survey=s1');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing-page-preview'));
    expect(saves()[0]!.body).not.toHaveProperty('customPrompt');
    expect(saves()[0]!.body).toMatchObject({ version: 1, completedStep: 'business', businessName: 'Bakery' });

    cleanup();
    renderWizard('/survey-setup?survey=s1');
    await user.click(await screen.findByRole('radio', { name: 'Nederlands (Dutch)' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.body).toMatchObject({
      language: 'nl',
      customPrompt: surveyDefaultTexts.nl.customPrompt,
      lowRatingMessage: surveyDefaultTexts.nl.lowRatingMessage,
    });
  });

  it('saves nothing while any error exists', async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillValid(user);
    await user.clear(field(/Support email/));
    await user.type(field(/Support email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('creates the draft survey on the first save, then updates it, and moves on only after success', async () => {
    const user = userEvent.setup();
    const { router } = renderWizard();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing-page-preview'));
    // An earlier test's toast may still show the same texts.
    expect((await screen.findAllByText('Progress saved!')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Business information has been saved successfully.').length).toBeGreaterThan(0);
    expect(saves()).toEqual([
      {
        route: 'create-survey',
        method: 'POST',
        path: pathOf('create-survey'),
        body: expect.objectContaining({ businessName: 'Bakery', googleBusinessUrl: googleUrl }),
      },
    ]);
    // The draft now belongs to the new survey, and the address names it.
    expect(router.state.location.search).toBe('?survey=new-1');
    expect(JSON.parse(window.localStorage.getItem(surveyDraftStorageKey)!).drafts).toEqual({
      'new-1': expect.objectContaining({ surveyId: 'new-1', savedSteps: ['business'] }),
    });

    // Back on step 1 of that survey (a fresh page): the next save updates the same survey.
    cleanup();
    renderWizard('/survey-setup?survey=new-1');
    await screen.findByRole('heading', { level: 2, name: 'Business information' });
    expect(field(/Business name/).value).toBe('Bakery');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toMatchObject({ method: 'PATCH', path: update('new-1') });
  });

  it('creates a new survey when the saved one no longer exists', async () => {
    surveyDraftStore.update({ surveyId: 'gone' });
    const user = userEvent.setup();
    const { router } = renderWizard('/survey-setup?survey=gone');
    // The survey is gone from the server: the draft this browser kept opens, as it is.
    await screen.findByLabelText(/Business name/);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing-page-preview'));
    expect(saves().map((c) => c.path)).toEqual([update('gone'), pathOf('create-survey')]);
    expect(saves().map((c) => c.method)).toEqual(['PATCH', 'POST']);
    expect(surveyDraftStore.getSnapshot().draft.surveyId).toBe('new-1');
    expect(router.state.location.search).toBe('?survey=new-1');
  });

  it('stays on the step with the error toast when the save fails', async () => {
    const fail = () => HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 });
    serveApi(
      ...(['create-survey', 'update-survey', 'get-survey', 'list-surveys'] as const).map((id) => apiHandler(id, fail)),
    );
    const user = userEvent.setup();
    const { router } = renderWizard();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Failed to save business information. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/survey-setup');
  });

  it('keeps what was typed over a reload (surveyWizardData)', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.type(await screen.findByLabelText(/Business name/), 'Bakery');
    await user.type(field(/Industry/), 'Food');
    expect(JSON.parse(window.localStorage.getItem(surveyDraftStorageKey)!).drafts.new).toMatchObject({
      businessName: 'Bakery',
      industry: 'Food',
    });
    cleanup();
    surveyDraftStore.reload();
    renderWizard();
    expect((await screen.findByLabelText(/Business name/)).getAttribute('value') ?? field(/Business name/).value).toBe(
      'Bakery',
    );
    expect(field(/Industry/).value).toBe('Food');
  });

  it('Save for later on an empty step saves nothing and stays', async () => {
    const user = userEvent.setup();
    const { router } = renderWizard();
    await user.click(await screen.findByRole('button', { name: 'Save for later' }));
    expect(await screen.findByText('Not saved yet')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/survey-setup');
    expect(saves()).toEqual([]);
  });

  it('Save for later on a half-filled new survey keeps it in this browser and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderWizard();
    await user.type(await screen.findByLabelText(/Business name/), 'Bakery');
    await user.type(field(/Support email/), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Save for later' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Kept as a draft')).toBeTruthy();
    expect(screen.getByText(/kept in this browser until step 1 is complete/)).toBeTruthy();
    // A new survey needs a complete step 1 on the server: nothing is sent, nothing is lost.
    expect(saves()).toEqual([]);
    cleanup();
    surveyDraftStore.reload();
    renderWizard();
    expect(((await screen.findByLabelText(/Business name/)) as HTMLInputElement).value).toBe('Bakery');
    expect(field(/Support email/).value).toBe('anna@');
  });

  it('Save for later on a saved survey stores the valid fields only and keeps the rest as typed', async () => {
    surveyDraftStore.update({ surveyId: 'kept' });
    const user = userEvent.setup();
    const { router } = renderWizard('/survey-setup?survey=kept');
    await user.type(await screen.findByLabelText(/Business name/), 'Bakery');
    await user.type(field(/Support email/), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Save for later' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?survey=kept');
    expect(await screen.findByText(/The completed fields are saved/)).toBeTruthy();
    expect(saves()).toEqual([expect.objectContaining({ method: 'PATCH', path: update('kept') })]);
    const body = saves()[0]!.body as Record<string, unknown>;
    expect(body.businessName).toBe('Bakery');
    expect(body).not.toHaveProperty('supportEmail');
    expect(body).not.toHaveProperty('businessOwnerName');
    // Not a completed step: step 1 is not ticked.
    expect(surveyDraftStore.getSnapshot().draft.savedSteps).not.toContain('business');
    expect(surveyDraftStore.getSnapshot().draft.supportEmail).toBe('anna@');
  });

  it('Save for later saves the valid step, says so and goes to the dashboard showing that survey', async () => {
    const user = userEvent.setup();
    const { router } = renderWizard();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save for later' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?survey=new-1');
    // Toasts of earlier tests may still show: the description is this one's own.
    expect(await screen.findByText('Your changes are saved. Continue any time from your dashboard.')).toBeTruthy();
    expect(saves()).toEqual([expect.objectContaining({ method: 'POST', path: pathOf('create-survey') })]);
  });

  it('Enter in a field means Next, not Save for later', async () => {
    const user = userEvent.setup();
    const { router } = renderWizard();
    await fillValid(user);
    await user.type(field(/Industry/), 'Food{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing-page-preview'));
  });

  it('speaks Dutch under /nl, messages included', async () => {
    const user = userEvent.setup();
    renderWizard('/nl/survey-setup');
    await user.click(await screen.findByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Bedrijfsnaam is verplicht')).toBeTruthy();
    expect(screen.getByText('Naam eigenaar is verplicht')).toBeTruthy();
    expect(screen.getByText('URL van je Google-bedrijfspagina is verplicht')).toBeTruthy();
    expect(screen.getByText('E-mailadres is verplicht')).toBeTruthy();
  });
});

describe('wizard step 2', () => {
  // Step 2 edits a saved survey (step 1 done).
  const onSavedSurvey = (fields: Parameters<typeof surveyDraftStore.update>[0] = {}) =>
    surveyDraftStore.update({
      surveyId: 's1',
      businessName: 'Bakery',
      savedSteps: ['business'],
      baseVersion: 1,
      ...fields,
    });

  it('restores the typed question and colours after a reload', async () => {
    onSavedSurvey();
    const user = userEvent.setup();
    renderWizard('/landing-page-preview?survey=s1');
    const prompt = await screen.findByLabelText(/Question for your customers/);
    await user.clear(prompt);
    await user.type(prompt, 'How did we do?');
    const primary = field('Primary color (hex)');
    await user.clear(primary);
    await user.type(primary, '#112233');
    expect(screen.getByTestId('landing-preview').textContent).toContain('How did we do?');
    cleanup();
    surveyDraftStore.reload();
    renderWizard('/landing-page-preview?survey=s1');
    expect(((await screen.findByLabelText(/Question for your customers/)) as HTMLTextAreaElement).value).toBe(
      'How did we do?',
    );
    expect(field('Primary color (hex)').value).toBe('#112233');
    expect(screen.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow')).toBe('50');
  });

  it('shows the survey saved elsewhere since this draft started, and offers the unsaved change until applied', async () => {
    onSavedSurvey();
    surveyDraftStore.edit({ customPrompt: 'Typed here, not saved?' });
    serveApi(
      apiHandler('get-survey', () =>
        HttpResponse.json(storedSurvey('s1', { businessName: 'Bakery', customPrompt: 'Saved elsewhere?', version: 2 })),
      ),
    );
    const user = userEvent.setup();
    renderWizard('/landing-page-preview?survey=s1');
    const prompt = (await screen.findByLabelText(/Question for your customers/)) as HTMLTextAreaElement;
    expect(prompt.value).toBe('Saved elsewhere?');
    const notice = screen.getByTestId('draft-conflict');
    expect(notice.textContent).toContain('This survey was changed elsewhere');
    expect(screen.getByTestId('draft-conflict-changes').textContent).toBe(
      'Question for your customers: “Typed here, not saved?” (Landing page)',
    );
    expect(saves()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Use my changes' }));
    expect(screen.queryByTestId('draft-conflict')).toBeNull();
    expect(((await screen.findByLabelText(/Question for your customers/)) as HTMLTextAreaElement).value).toBe(
      'Typed here, not saved?',
    );
    // Applied, not saved: the next save carries it, from the version now shown.
    expect(saves()).toEqual([]);
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({ baseVersion: 2, unsaved: ['customPrompt'] });
  });

  it('a save refused as stale (409 SURVEY_CHANGED) says so, shows the saved version and offers what was typed', async () => {
    onSavedSurvey();
    // Version 1 when the wizard opens; saved elsewhere (version 2) by the time this browser saves.
    let elsewhere = false;
    serveApi(
      apiHandler('update-survey', () => {
        elsewhere = true;
        return HttpResponse.json(
          { error: { code: 'SURVEY_CHANGED', message: 'This survey was changed elsewhere.' } },
          { status: 409 },
        );
      }),
      apiHandler('get-survey', ({ params }) =>
        HttpResponse.json(
          storedSurvey(
            params.surveyId,
            elsewhere
              ? { businessName: 'Bakery', customPrompt: 'Saved elsewhere?', version: 2 }
              : { businessName: 'Bakery', version: 1 },
          ),
        ),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderWizard('/landing-page-preview?survey=s1');
    const prompt = await screen.findByLabelText(/Question for your customers/);
    await user.clear(prompt);
    await user.type(prompt, 'Typed here?');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'This survey was changed in another tab or on another device after you opened it. Your changes were not saved: you now see the saved version.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/landing-page-preview');
    expect(saves().map((c) => c.body)).toEqual([expect.objectContaining({ version: 1, customPrompt: 'Typed here?' })]);
    await waitFor(() =>
      expect((screen.getByLabelText(/Question for your customers/) as HTMLTextAreaElement).value).toBe(
        'Saved elsewhere?',
      ),
    );
    expect(screen.getByTestId('draft-conflict-changes').textContent).toBe(
      'Question for your customers: “Typed here?” (Landing page)',
    );
    expect(surveyDraftStore.getSnapshot().draft.baseVersion).toBe(2);
  });

  it('has interactive stars in the preview', async () => {
    onSavedSurvey();
    const user = userEvent.setup();
    renderWizard('/landing-page-preview?survey=s1');
    const four = await screen.findByRole('radio', { name: '4 stars' });
    await user.click(four);
    expect((four as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: '5 stars' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a new draft opened in Dutch shows the Dutch default texts without storing anything', async () => {
    renderWizard('/nl/survey-setup');
    await waitFor(() =>
      expect(surveyDraftStore.getSnapshot().draft.customPrompt).toBe('Hoe was je ervaring met ons bedrijf?'),
    );
    expect(window.localStorage.getItem(surveyDraftStorageKey)).toBeNull();
  });

  it('keeps a question the owner typed when the language changes', async () => {
    onSavedSurvey({ customPrompt: 'My own question?' });
    renderWizard('/nl/landing-page-preview?survey=s1');
    expect(((await screen.findByLabelText(/Vraag aan je klanten/)) as HTMLTextAreaElement).value).toBe(
      'My own question?',
    );
  });

  it('refuses a wrong image in the browser with the spec messages, before any request', async () => {
    onSavedSurvey();
    const user = userEvent.setup({ applyAccept: false });
    renderWizard('/landing-page-preview?survey=s1');
    const input = await screen.findByLabelText('Business logo');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Only JPG, PNG, and WebP files are allowed')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('File size must be less than 2MB')).toBeTruthy();
    expect(saves()).toEqual([]);
    expect(apiCalls().some((c) => c.route === 'create-upload' || c.route === 'confirm-upload')).toBe(false);
  });

  it('removes the logo: the survey field becomes null and the preview goes', async () => {
    onSavedSurvey({ surveyId: 'new-9', businessLogoUrl: 'http://assets/u/new-9/logo/1.png' });
    const user = userEvent.setup();
    renderWizard('/landing-page-preview?survey=new-9');
    expect(await screen.findByRole('img', { name: 'Your logo' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Your logo' })).toBeNull());
    expect(saves()).toEqual([
      {
        route: 'update-survey',
        method: 'PATCH',
        path: update('new-9'),
        body: { version: 1, businessLogoUrl: null },
      },
    ]);
    expect(surveyDraftStore.getSnapshot().draft.businessLogoUrl).toBeNull();
  });
});
