import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  defaultRequestTemplates,
  type RequestBatch,
  type RequestSending,
  type RequestSettingsView,
} from '@reviewroute/shared';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { ReviewRequestsPage } from './review-requests-page';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const url = 'https://app.example/nl/surveys/abcdefgh/bakkerij';
const surveys = [
  {
    id: 's1',
    businessName: 'Bakkerij',
    status: 'active',
    surveyCode: 'abcdefgh',
    landingPageUrl: url,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 'd1',
    businessName: 'Concept',
    status: 'draft',
    surveyCode: null,
    landingPageUrl: null,
    createdAt: '2026-01-02T00:00:00.000Z',
  },
];

const batch = (over: Partial<RequestBatch> = {}): RequestBatch => ({
  id: 'b1',
  surveyId: 's1',
  state: 'done',
  total: 2,
  template: null,
  sendAt: '2026-01-05T10:00:00.000Z',
  permissionConfirmedAt: '2026-01-05T10:00:00.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  waitingUntil: null,
  reminderDays: 3,
  source: 'upload',
  ...over,
});

const sendingState = (over: Partial<RequestSending> = {}): RequestSending => ({
  channel: 'mail',
  paused: false,
  pausedAt: null,
  canResume: false,
  pauses: 0,
  pause: null,
  ...over,
});
const pausedState = (pauses: number) =>
  sendingState({
    paused: true,
    pausedAt: '2026-01-05T10:30:00.000Z',
    canResume: pauses === 1,
    pauses,
    pause: { cause: 'failed', sends: 60, failed: 4, complained: 0 },
  });

/** A channel's funnel with nothing beside its steps. */
const noOutcomes = { failed: 0, unsubscribed: 0, bounced: 0, complained: 0 };

/** A customer whose request went out by e-mail, nothing reported yet. */
const sentRecipient = (id: string, name: string) => ({
  id,
  name,
  email: `${name.toLowerCase()}@klant.example`,
  phone: null,
  language: 'nl',
  state: 'sent',
  reason: null,
  sentAt: '2026-01-05T10:00:00.000Z',
  openedAt: null,
  ratedAt: null,
  clickedAt: null,
  remindedAt: null,
  channel: 'email',
  deliveredAt: null,
  suppressedAs: null,
});

function stubApi(stored: RequestBatch[] = [], sending: RequestSending = sendingState()) {
  // A send adds its batch at the top, as the API lists them newest first.
  const batches = [...stored];
  let textSettings: RequestSettingsView = {
    textsWhenSpent: 'wait',
    texts: { used: 12, allowance: 100, month: '2026-01', resetsAt: '2026-02-01T00:00:00.000Z' },
  };
  serveApi(
    apiHandler('list-surveys', () => HttpResponse.json({ surveys })),
    // The API's pages: 20 a page, the cursor where the next one starts.
    apiHandler('list-request-batches', ({ request }) => {
      const from = Number(new URL(request.url).searchParams.get('cursor') ?? '0');
      const next = from + 20 < batches.length ? String(from + 20) : null;
      return HttpResponse.json({ batches: batches.slice(from, from + 20), nextCursor: next });
    }),
    apiHandler('list-request-recipients', () =>
      HttpResponse.json({
        recipients: [
          {
            id: 'r1',
            name: 'Piet',
            email: 'piet@klant.example',
            phone: null,
            language: 'nl',
            state: 'sent',
            reason: null,
            sentAt: null,
            openedAt: '2026-01-05T11:00:00.000Z',
            ratedAt: '2026-01-05T11:01:00.000Z',
            clickedAt: null,
            remindedAt: null,
            channel: 'email',
            deliveredAt: null,
            suppressedAs: null,
          },
          {
            id: 'r2',
            name: 'Jane',
            email: 'jane@customer.example',
            phone: null,
            language: 'en',
            state: 'skipped',
            reason: 'recently-asked',
            sentAt: null,
            openedAt: null,
            ratedAt: null,
            clickedAt: null,
            remindedAt: null,
            channel: null,
            deliveredAt: null,
            suppressedAs: null,
          },
          // Texted and delivered, then the customer replied STOP.
          {
            ...sentRecipient('r3', 'Kees'),
            email: null,
            phone: '+31612345678',
            channel: 'sms',
            deliveredAt: '2026-01-05T10:01:00.000Z',
            suppressedAs: 'unsubscribed',
          },
          { ...sentRecipient('r4', 'Anna'), suppressedAs: 'bounced' },
          {
            ...sentRecipient('r5', 'Joop'),
            phone: '+31687654321',
            channel: 'sms',
            state: 'failed',
            reason: 'undelivered',
          },
        ],
        nextCursor: null,
      }),
    ),
    apiHandler('get-request-funnel', () =>
      HttpResponse.json({
        email: { ...noOutcomes, sent: 3, delivered: 2, opened: 1, rated: 1, clicked: 1, bounced: 1 },
        sms: { ...noOutcomes, sent: 2, delivered: 1, opened: 0, rated: 0, clicked: 0, failed: 1, unsubscribed: 1 },
      }),
    ),
    apiHandler('create-request-batch', () => {
      const created = batch({ id: 'b2', state: 'scheduled', createdAt: '2026-01-06T10:00:00.000Z' });
      batches.unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    apiHandler('get-request-hook', () => HttpResponse.json({ hook: null })),
    apiHandler('get-request-sending', () => HttpResponse.json(sending)),
    apiHandler('get-request-settings', () => HttpResponse.json(textSettings)),
    apiHandler('update-request-settings', async ({ request }) => {
      textSettings = { ...textSettings, ...((await request.json()) as { textsWhenSpent: 'wait' | 'email' }) };
      return HttpResponse.json(textSettings);
    }),
    apiHandler('resume-request-sending', () => {
      sending = sendingState({ pauses: sending.pauses });
      return HttpResponse.json(sending);
    }),
  );
}

const render = (path = '/review-requests') => renderWithApp(<ReviewRequestsPage />, { path });

describe('the review requests page', () => {
  it('sends only the rows that pass, with the permission, the own message and the chosen time', async () => {
    const user = userEvent.setup();
    stubApi();
    render();
    await user.click(await screen.findByRole('tab', { name: 'Paste a list' }));
    await user.click(screen.getByLabelText('Customer list'));
    await user.paste(
      `Piet Klant, piet@klant.example, nl\nJane, jane@customer.example, en\nHans, hans@example.de, de\n${'x'.repeat(201)}, x@example.com, en`,
    );
    await user.click(screen.getByRole('button', { name: 'Read list' }));
    expect(await screen.findByText('2 customers ready')).toBeTruthy();
    const errors = screen.getByTestId('row-errors');
    expect(within(errors).getByText('Language: Choose English (en) or Dutch (nl)')).toBeTruthy();
    // A length error names the limit.
    expect(within(errors).getByText('Name: This name is too long: at most 200 characters')).toBeTruthy();
    // The preview is the standard Dutch message for the first customer (Dutch), greeted by first name as the mail does.
    expect(screen.getByTestId('message-preview').textContent).toBe(
      defaultRequestTemplates.nl.replace('{name}', 'Piet').replace('{url}', `${url}?r=…`),
    );

    // The permission is required before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Send to 2 customers' }));
    expect(await screen.findByText('Confirm that your customers agreed to receive this message')).toBeTruthy();
    expect(apiCalls().some((c) => c.route === 'create-request-batch')).toBe(false);

    // An own message without {url} is refused at its field; the preview follows the text as typed.
    await user.click(screen.getByRole('switch', { name: 'Write my own message' }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(message);
    await user.type(message, 'Dag {{name}!');
    expect(screen.getByTestId('message-preview').textContent).toBe('Dag Piet!');
    await user.click(screen.getByRole('checkbox', { name: /My customers agreed/ }));
    await user.click(screen.getByRole('button', { name: 'Send to 2 customers' }));
    expect(await screen.findByText('The message must contain {url}, where the survey link goes')).toBeTruthy();
    await user.type(message, ' {{url}');

    // One reminder after 3 days by default; the owner picks 2 (99 is refused at its field).
    const reminder = screen.getByRole('spinbutton', { name: /reminder after/i });
    expect((reminder as HTMLInputElement).value).toBe('3');
    await user.clear(reminder);
    await user.type(reminder, '99');
    await user.click(screen.getByRole('button', { name: 'Send to 2 customers' }));
    expect(await screen.findByText('Choose 0 to 30 days')).toBeTruthy();
    await user.clear(reminder);
    await user.type(reminder, '2');

    await user.click(screen.getByRole('radio', { name: 'Send later' }));
    await user.type(screen.getByLabelText('Date and time'), '2099-05-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule for 2 customers' }));
    await waitFor(() => expect(apiCalls().some((c) => c.route === 'create-request-batch')).toBe(true));
    const sent = apiCalls().find((c) => c.route === 'create-request-batch')!;
    expect(sent.path).toBe('/api/surveys/s1/request-batches');
    expect(sent.body).toEqual({
      rows: [
        { name: 'Piet Klant', email: 'piet@klant.example', language: 'nl' },
        { name: 'Jane', email: 'jane@customer.example', language: 'en' },
      ],
      permissionConfirmed: true,
      template: 'Dag {name}! {url}',
      sendAt: new Date('2099-05-01T09:30').toISOString(),
      reminderDays: 2,
    });
    expect(await screen.findByText('Scheduled for 2 customers')).toBeTruthy();
    // The list is read again: the new batch shows at the top.
    expect(await screen.findByTestId('batch')).toBeTruthy();
    expect(within(screen.getAllByTestId('batch')[0]!).getByRole('heading').textContent).toMatch(/^2 customers · /);
    expect(screen.getByText('No customers added yet.')).toBeTruthy();
  });

  it('says so when the plan’s daily quota of requests is used, in Dutch, and keeps the customers for later', async () => {
    const user = userEvent.setup();
    stubApi();
    serveApi(
      apiHandler('create-request-batch', () =>
        HttpResponse.json(
          { error: { code: 'REQUEST_QUOTA_REACHED', message: 'quota' } },
          { status: 429, headers: { 'retry-after': '3600' } },
        ),
      ),
    );
    render('/nl/review-requests');
    await user.click(await screen.findByRole('tab', { name: 'Lijst plakken' }));
    await user.click(screen.getByLabelText('Klantenlijst'));
    await user.paste('Piet Klant, piet@klant.example, nl\nJane, jane@customer.example, en');
    await user.click(screen.getByRole('button', { name: 'Lijst inlezen' }));
    await user.click(await screen.findByRole('checkbox', { name: /Mijn klanten hebben ermee ingestemd/ }));
    await user.click(screen.getByRole('button', { name: 'Versturen naar 2 klanten' }));
    expect(
      await screen.findByText(
        'Je hebt vandaag zoveel reviewverzoeken ingepland als je abonnement toestaat. Morgen kun je er weer meer inplannen, of je kunt je abonnement upgraden.',
      ),
    ).toBeTruthy();
    // Nothing was scheduled: the customers stay, ready to send tomorrow.
    expect(screen.getByRole('button', { name: 'Versturen naar 2 klanten' })).toBeTruthy();
  });

  it('says so when the owner has sent a minute’s lists, and keeps the customers to send a minute later', async () => {
    const user = userEvent.setup();
    stubApi();
    let paced = true;
    serveApi(
      apiHandler('create-request-batch', () =>
        paced
          ? HttpResponse.json(
              { error: { code: 'RATE_LIMITED', message: 'Too many requests' } },
              { status: 429, headers: { 'retry-after': '40' } },
            )
          : undefined,
      ),
    );
    render();
    await user.click(await screen.findByRole('tab', { name: 'Paste a list' }));
    await user.click(screen.getByLabelText('Customer list'));
    await user.paste('Piet Klant, piet@klant.example, nl\nJane, jane@customer.example, en');
    await user.click(screen.getByRole('button', { name: 'Read list' }));
    await user.click(await screen.findByRole('checkbox', { name: /My customers agreed/ }));
    await user.click(screen.getByRole('button', { name: 'Send to 2 customers' }));
    expect(
      await screen.findByText(
        'You have sent 10 lists in the last minute, as many as a minute allows. Wait a minute, then send this one: your customers stay here.',
      ),
    ).toBeTruthy();
    // A minute later the same customers go out.
    paced = false;
    await user.click(screen.getByRole('button', { name: 'Send to 2 customers' }));
    expect(await screen.findByText('Sending to 2 customers')).toBeTruthy();
  });

  it('takes a mobile number beside the email, typed or in a list, and sends it in E.164; a malformed one is a row error', async () => {
    const user = userEvent.setup();
    stubApi();
    render();
    // Typed in: a landline or a short number is refused at its field, a mobile number is added.
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Piet Klant');
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    await user.type(phone, '020 123 4567');
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByText('Not a valid mobile number (a landline cannot receive a text)')).toBeTruthy();
    await user.clear(phone);
    await user.type(phone, '06 12345678');
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByText('Added Piet Klant.')).toBeTruthy();
    expect(within(screen.getByTestId('ready-rows')).getByText('+31 6 12345678')).toBeTruthy();
    // Neither an address nor a number: the form asks for one.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByText('Give an email address or a mobile number')).toBeTruthy();

    // A pasted list: numbers with and without a country code; a malformed one is its row's error.
    await user.click(screen.getByRole('tab', { name: 'Paste a list' }));
    await user.click(screen.getByLabelText('Customer list'));
    await user.paste('Jan, , +32 470 12 34 56, nl\nAnna, anna@example.com, 0031 6 1234 5678, en\nKapot, , 06-1234, nl');
    await user.click(screen.getByRole('button', { name: 'Read list' }));
    expect(await screen.findByText('3 customers ready')).toBeTruthy();
    // How each is asked: a number by text; with an address too, the reminder by email.
    expect(screen.getAllByTestId('row-channel').map((badge) => badge.textContent)).toEqual([
      'By text',
      'By text',
      'By text, reminder by email',
    ]);
    const errors = screen.getByTestId('row-errors');
    expect(within(errors).getByText('Row 3:', { exact: false }).textContent).toContain('Kapot, 06-1234, nl');
    expect(
      within(errors).getByText('Mobile number: Not a valid mobile number (a landline cannot receive a text)'),
    ).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: /My customers agreed/ }));
    await user.click(screen.getByRole('button', { name: 'Send to 3 customers' }));
    await waitFor(() => expect(apiCalls().some((c) => c.route === 'create-request-batch')).toBe(true));
    expect(apiCalls().find((c) => c.route === 'create-request-batch')!.body).toMatchObject({
      rows: [
        { name: 'Piet Klant', phone: '+31612345678', language: 'nl' },
        { name: 'Jan', phone: '+32470123456', language: 'nl' },
        { name: 'Anna', email: 'anna@example.com', phone: '+31612345678', language: 'en' },
      ],
    });
  });

  it('lists the batches with each customer’s state, channel and why, honestly, in Dutch', async () => {
    stubApi([batch()]);
    render('/nl/review-requests');
    const recipients = await screen.findAllByTestId('recipient');
    // An opened link was delivered; a STOP after the text, a bounce after the mail and an undelivered text say so.
    expect(recipients.map((r) => within(r).getByTestId('recipient-state').textContent)).toEqual([
      'Afgeleverd',
      'Overgeslagen',
      'Afgemeld',
      'Onbestelbaar',
      'Mislukt',
    ]);
    expect(recipients.map((r) => within(r).queryByTestId('recipient-channel')?.textContent ?? null)).toEqual([
      'E-mail',
      null,
      'Sms',
      'E-mail',
      'Sms',
    ]);
    expect(recipients.map((r) => within(r).queryByTestId('skip-reason')?.textContent ?? null)).toEqual([
      null,
      'Niet verstuurd: je hebt deze klant de afgelopen 30 dagen al gevraagd (voor deze of een andere enquête).',
      'De klant heeft zich na dit verzoek afgemeld: je verzoeken bereiken deze klant niet meer.',
      'Dit adres kwam onbestelbaar terug: je verzoeken gaan er niet meer naartoe.',
      'Niet afgeleverd: het telefoonnetwerk kon de sms niet afleveren op dit nummer.',
    ]);
    expect(within(recipients[2]!).getByText('+31 6 12345678')).toBeTruthy();
    expect(screen.getByTestId('batch-state').textContent).toBe('Klaar');
    // How far each customer went with the personal link, and the survey's funnel with its rates.
    expect(within(recipients[0]!).getByTestId('recipient-link-state').textContent).toBe('Beoordeeld');
    expect(within(recipients[1]!).queryByTestId('recipient-link-state')).toBeNull();
    expect(screen.getByText(/Herinnering na 3 dagen/)).toBeTruthy();
    // The funnel per channel, each step's share of the one before.
    const email = await screen.findByTestId('funnel-email');
    expect(within(email).getByRole('heading', { name: 'Per e-mail' })).toBeTruthy();
    const rated = within(email).getByTestId('funnel-rated');
    expect(rated.textContent).toContain('Beoordeeld');
    expect(rated.textContent).toMatch(/100\s?% van geopend/);
    expect(within(email).getByTestId('funnel-opened').textContent).toMatch(/50\s?% van afgeleverd/);
    expect(within(email).getByTestId('funnel-delivered').textContent).toMatch(/67\s?% van verstuurd/);
    expect(within(email).getByTestId('funnel-sent-count').textContent).toBe('3');
    const sms = screen.getByTestId('funnel-sms');
    expect(within(sms).getByRole('heading', { name: 'Per sms' })).toBeTruthy();
    expect(within(sms).getByTestId('funnel-delivered').textContent).toMatch(/50\s?% van verstuurd/);
    // Nothing opened: no share of it to show.
    expect(within(sms).getByTestId('funnel-rated').textContent).not.toMatch(/%/);
    // Beside the steps, what went wrong, by channel; nothing shown where there is none.
    expect(within(sms).getByTestId('funnel-failed').textContent).toBe('Mislukt1');
    expect(within(sms).getByTestId('funnel-unsubscribed').textContent).toBe('Afgemeld1');
    expect(within(sms).queryByTestId('funnel-bounced')).toBeNull();
    expect(within(email).getByTestId('funnel-bounced').textContent).toBe('Onbestelbaar1');
  });

  it('leaves out a channel nothing was sent by', async () => {
    stubApi([batch()]);
    serveApi(
      apiHandler('get-request-funnel', () =>
        HttpResponse.json({
          email: { ...noOutcomes, sent: 0, delivered: 0, opened: 0, rated: 0, clicked: 0 },
          sms: { ...noOutcomes, sent: 4, delivered: 4, opened: 2, rated: 1, clicked: 0 },
        }),
      ),
    );
    render();
    const sms = await screen.findByTestId('funnel-sms');
    expect(within(sms).getByRole('heading', { name: 'By text message' })).toBeTruthy();
    expect(screen.queryByTestId('funnel-email')).toBeNull();
    expect(within(sms).getByTestId('funnel-clicked').textContent).toMatch(/0\s?% of rated/);
  });

  it('shows 20 batches, the next 20 on “Show older sends”, and names a booking system’s batch as such', async () => {
    const user = userEvent.setup();
    const at = (i: number) => new Date(Date.UTC(2026, 10, 26, 23, 49) - i * 60_000).toISOString();
    const batches = Array.from({ length: 25 }, (_, i) =>
      batch({ id: `b${i}`, createdAt: at(i), total: 1, source: i === 22 ? 'hook' : 'upload' }),
    );
    stubApi(batches);
    render();
    await waitFor(() => expect(screen.getAllByTestId('batch')).toHaveLength(20));
    expect(apiCalls().filter((c) => c.route === 'list-request-batches')).toHaveLength(1);
    expect(screen.queryByText(/From your booking system/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show older sends' }));
    await waitFor(() => expect(screen.getAllByTestId('batch')).toHaveLength(25));
    expect(
      apiCalls()
        .filter((c) => c.route === 'list-request-batches')
        .map((c) => c.path),
    ).toEqual(['/api/surveys/s1/request-batches', '/api/surveys/s1/request-batches?cursor=20']);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Show older sends' })).toBeNull();
    const titles = screen.getAllByTestId('batch').map((card) => within(card).getByRole('heading').textContent);
    expect(titles[22]).toMatch(/^From your booking system · \d{1,2} Nov 2026, \d\d:\d\d$/);
    expect(titles[21]).toMatch(/^1 customer · /);
  });

  it('keeps the list when the next page fails, says so, and loads it on the next try', async () => {
    const user = userEvent.setup();
    const at = (i: number) => new Date(Date.UTC(2026, 10, 26, 23, 49) - i * 60_000).toISOString();
    stubApi(Array.from({ length: 25 }, (_, i) => batch({ id: `b${i}`, createdAt: at(i), total: 1 })));
    let failures = 1;
    // Answered before stubApi's handler: the first next page fails, everything else falls through to it.
    serveApi(
      apiHandler('list-request-batches', ({ request }) => {
        if (!new URL(request.url).searchParams.has('cursor') || failures-- <= 0) return undefined;
        return HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 });
      }),
    );
    render();
    await waitFor(() => expect(screen.getAllByTestId('batch')).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Show older sends' }));
    expect((await screen.findByText('An unexpected error occurred')).getAttribute('role')).toBe('alert');
    expect(screen.getAllByTestId('batch')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show older sends' }));
    await waitFor(() => expect(screen.getAllByTestId('batch')).toHaveLength(25));
    expect(screen.queryByText('An unexpected error occurred')).toBeNull();
  });

  it('says when the sends cannot be read at all, and reads them again on “Try again”', async () => {
    const user = userEvent.setup();
    stubApi([batch({ id: 'b1', total: 1 })]);
    let down = true;
    serveApi(
      apiHandler('list-request-batches', () =>
        down ? HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 }) : undefined,
      ),
    );
    render();
    expect((await screen.findByText('An unexpected error occurred')).getAttribute('role')).toBe('alert');
    expect(screen.queryAllByTestId('batch')).toHaveLength(0);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('batch')).toHaveLength(1));
    expect(screen.queryByText('An unexpected error occurred')).toBeNull();
  });

  it('says at the send why a trial’s own message with another link was refused', async () => {
    const user = userEvent.setup();
    const refusal = 'During the trial the message may contain no links but {url}, the survey link';
    stubApi();
    serveApi(
      apiHandler('create-request-batch', () =>
        HttpResponse.json(
          { error: { code: 'VALIDATION_FAILED', message: refusal, fields: { template: refusal } } },
          { status: 400 },
        ),
      ),
    );
    render();
    await user.click(await screen.findByRole('tab', { name: 'Paste a list' }));
    await user.click(screen.getByLabelText('Customer list'));
    await user.paste('Piet Klant, piet@klant.example, nl');
    await user.click(screen.getByRole('button', { name: 'Read list' }));
    await user.click(await screen.findByRole('switch', { name: 'Write my own message' }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(message);
    await user.type(message, 'Dag {{name}! {{url} en www.aanbieding.example');
    await user.click(screen.getByRole('checkbox', { name: /My customers agreed/ }));
    await user.click(screen.getByRole('button', { name: 'Send to 1 customer' }));
    expect(
      await screen.findByText(
        'During the free trial the message can contain no links of its own: {url} adds your survey link. Remove the other links, or choose a plan to include them.',
      ),
    ).toBeTruthy();
  });

  it('asks to publish a draft first', async () => {
    stubApi();
    render('/review-requests?survey=d1');
    expect(await screen.findByText('Publish this survey first')).toBeTruthy();
    expect(apiCalls().some((c) => c.route === 'list-request-batches')).toBe(false);
  });
});

describe('paused requests (the reputation guard)', () => {
  it('says why with the figures, and resumes the first pause once the owner says the list is clean', async () => {
    stubApi([], pausedState(1));
    const user = userEvent.setup();
    render();
    const banner = await screen.findByTestId('sending-paused-banner');
    expect(within(banner).getByText('Your review requests are paused')).toBeTruthy();
    expect(banner.textContent).toContain('4 of your last 60 requests bounced as undeliverable (6.7%)');
    expect(banner.textContent).toContain('At 5% we pause');
    const resume = within(banner).getByRole('button', { name: 'Resume sending' });
    expect(resume).toHaveProperty('disabled', true);
    await user.click(within(banner).getByLabelText('I cleaned my customer list'));
    await user.click(resume);
    await waitFor(() => expect(screen.queryByTestId('sending-paused-banner')).toBeNull());
    expect(apiCalls().filter((c) => c.route === 'resume-request-sending')).toHaveLength(1);
  });

  it('offers no resume after a second pause, only contact, in Dutch', async () => {
    stubApi([], pausedState(2));
    render('/nl/review-requests');
    const banner = await screen.findByTestId('sending-paused-banner');
    expect(banner.textContent).toContain('4 van je laatste 60 verzoeken kwamen onbezorgbaar terug (6,7%)');
    expect(within(banner).queryByRole('button', { name: 'Versturen hervatten' })).toBeNull();
    expect(within(banner).getByRole('link', { name: 'Neem contact op' }).getAttribute('href')).toBe('/nl/contact');
  });

  it('shows nothing while requests go out', async () => {
    stubApi();
    render();
    await screen.findAllByText('Bakkerij');
    await waitFor(() => expect(apiCalls().some((c) => c.route === 'get-request-sending')).toBe(true));
    expect(screen.queryByTestId('sending-paused-banner')).toBeNull();
  });
});

describe('connecting a booking system', () => {
  const hook = {
    surveyId: 's1',
    delayMinutes: 120,
    createdAt: '2026-01-05T10:00:00.000Z',
    tokenCreatedAt: '2026-01-05T10:00:00.000Z',
    permissionConfirmedAt: '2026-01-05T10:00:00.000Z',
  };
  const token = 'AZDXoAAAcACAAAAAAAAAAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ';

  it('makes the secret URL once the permission is confirmed, and shows it once with a curl example', async () => {
    const user = userEvent.setup();
    stubApi();
    serveApi(
      apiHandler('regenerate-request-hook', () =>
        HttpResponse.json({ hook: { ...hook, delayMinutes: 60 }, token }, { status: 201 }),
      ),
    );
    render();
    const create = await screen.findByRole('button', { name: /create secret url/i });
    await user.click(create);
    expect(await screen.findAllByText('Confirm that your customers agreed to receive this message')).toHaveLength(1);
    expect(apiCalls().some((c) => c.route === 'regenerate-request-hook')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /customers my system sends agreed/i }));
    await user.click(create);
    const shown = await screen.findByTestId('hook-url');
    const expected = `${window.location.origin}/api/hooks/${token}/requests`;
    expect((shown as HTMLInputElement).value).toBe(expected);
    expect(screen.getByTestId('hook-curl').textContent).toContain(`curl -X POST '${expected}'`);
    expect(apiCalls().find((c) => c.route === 'regenerate-request-hook')!.body).toEqual({
      permissionConfirmed: true,
      delayMinutes: 60,
    });
    expect(screen.getByRole('button', { name: /replace secret url/i })).toBeTruthy();
  });

  it('never shows a stored URL again, and asks before replacing it, in Dutch', async () => {
    const user = userEvent.setup();
    stubApi();
    serveApi(
      apiHandler('get-request-hook', () => HttpResponse.json({ hook })),
      apiHandler('regenerate-request-hook', () => HttpResponse.json({ hook, token }, { status: 201 })),
    );
    render('/nl/review-requests');
    expect(await screen.findByText(/Hij wordt maar één keer getoond/)).toBeTruthy();
    expect(screen.queryByTestId('hook-url')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /klanten die mijn systeem doorgeeft/i }));
    await user.click(screen.getByRole('button', { name: /geheime url vervangen/i }));
    await user.click(await screen.findByRole('button', { name: /url vervangen/i, hidden: false }));
    expect(await screen.findByTestId('hook-url')).toBeTruthy();
    expect(apiCalls().find((c) => c.route === 'regenerate-request-hook')!.body).toEqual({ permissionConfirmed: true });
  });
});
