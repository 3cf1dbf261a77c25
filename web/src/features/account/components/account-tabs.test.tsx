import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { emptyProfile } from '@reviewroute/shared';
import { samplePayment } from '@reviewroute/shared/testing';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { AccountPage } from '../routes/account-page';
import { routeQueryKey } from '@/lib/route-query';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const json = (status: number, body: unknown) => HttpResponse.json(body as object, { status });
const session = { userId: 'u1', email: 'owner@example.com' };
const profile = { ...emptyProfile('u1'), fullName: 'Bea Baker', updatedAt: '2026-11-20T08:00:00.000Z' };

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  amplify.signOut.mockResolvedValue(undefined);
  // Whether two-step verification is on: the API answers it (the browser's token may not ask Cognito).
  serveApi(apiHandler('get-two-factor', () => json(200, { enabled: false })));
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('profile tab', () => {
  it('loads the profile, keeps Save disabled until a change, and saves it', async () => {
    serveApi(
      apiHandler('get-profile', () => json(200, profile)),
      apiHandler('update-profile', async ({ request }) =>
        json(200, { ...profile, ...((await request.json()) as object) }),
      ),
    );
    renderWithApp(<AccountPage />, { path: '/account', session });
    const name = await screen.findByLabelText('Full name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Bea Baker'));
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Phone'), '0612345678');
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(save);
    await screen.findByText('Profile updated successfully.');
    expect(apiCalls().find((c) => c.route === 'update-profile')?.body).toMatchObject({
      fullName: 'Bea Baker',
      phone: '0612345678',
    });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
  });

  it('names the limit of a field that is too long, in Dutch under /nl', async () => {
    serveApi(apiHandler('get-profile', () => json(200, profile)));
    renderWithApp(<AccountPage />, { path: '/nl/account', session });
    await userEvent.click(await screen.findByLabelText('Branche'));
    await userEvent.paste('I'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Wijzigingen opslaan' }));
    expect(await screen.findByText('Deze tekst is te lang: maximaal 100 tekens')).toBeTruthy();
    expect(apiCalls().some((c) => c.route === 'update-profile')).toBe(false);
  });

  it('checks the VAT number by its country’s format and saves it normalized, in Dutch under /nl', async () => {
    serveApi(
      apiHandler('get-profile', () => json(200, profile)),
      apiHandler('update-profile', () => json(200, { ...profile, vatNumber: 'NL123456789B01' })),
    );
    renderWithApp(<AccountPage />, { path: '/nl/account', session });
    const vat = await screen.findByLabelText('Btw-nummer (optioneel)');
    await userEvent.type(vat, 'NL 1234');
    await userEvent.click(screen.getByRole('button', { name: 'Wijzigingen opslaan' }));
    expect(
      await screen.findByText('Dit is geen btw-nummer uit de EU: vul het in met de landcode, zoals NL123456789B01'),
    ).toBeTruthy();
    expect(apiCalls().some((c) => c.route === 'update-profile')).toBe(false);
    await userEvent.type(vat, '56789 b01');
    await userEvent.click(screen.getByRole('button', { name: 'Wijzigingen opslaan' }));
    await waitFor(() =>
      expect(apiCalls().find((c) => c.route === 'update-profile')?.body).toMatchObject({ vatNumber: 'NL123456789B01' }),
    );
  });

  it('says so when the profile cannot be loaded or saved (with the server message)', async () => {
    let failSave = false;
    serveApi(
      apiHandler('update-profile', () =>
        json(400, { error: { code: 'VALIDATION_FAILED', message: 'This text is too long' } }),
      ),
      apiHandler('get-profile', () =>
        failSave ? json(200, profile) : json(500, { error: { code: 'INTERNAL', message: 'boom' } }),
      ),
    );
    const { queryClient } = renderWithApp(<AccountPage />, { path: '/account', session });
    await screen.findByText('Failed to load profile data.');
    failSave = true;
    await queryClient.refetchQueries({ queryKey: routeQueryKey('get-profile') });
    await userEvent.type(await screen.findByLabelText('Industry'), 'Bakery');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Failed to update profile.');
    await screen.findByText('This text is too long');
  });
});

describe('account page', () => {
  it('toasts a payment return and removes its parameters from the address', async () => {
    serveApi(apiHandler('get-profile', () => json(200, profile)));
    const { router } = renderWithApp(<AccountPage />, {
      path: '/account?tab=profile&error=Card%2520declined',
      session,
    });
    await screen.findByText('Payment failed');
    await screen.findByText('Card declined');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=profile'));
  });
});

describe('danger tab', () => {
  // The dialog names a running plan (decisions 28): by default a trial without payments, so it names none.
  beforeEach(() => {
    serveApi(
      apiHandler('get-account', () =>
        json(200, {
          userId: 'u1',
          email: 'owner@example.com',
          createdAt: '2026-11-20T00:00:00.000Z',
          plan: { kind: 'trial', daysRemaining: 5 },
        }),
      ),
      apiHandler('list-payments', () => json(200, { payments: [] })),
    );
  });

  it('names a running plan in the dialog, and its refund when paid less than 14 days ago (Dutch)', async () => {
    const paidAt = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const plan = {
      kind: 'active',
      daysRemaining: 370,
      tier: 'growth',
      paidAt,
      activeUntil: '2027-12-06T00:00:00.000Z',
    };
    const paid = samplePayment({ createdAt: paidAt, paidAt });
    serveApi(
      apiHandler('get-profile', () => json(200, profile)),
      apiHandler('get-account', () => json(200, { userId: 'u1', email: 'owner@example.com', createdAt: paidAt, plan })),
      apiHandler('list-payments', () => json(200, { payments: [paid] })),
    );
    renderWithApp(<AccountPage />, { path: '/nl/account?tab=danger', session });
    await userEvent.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    // Intl writes "€ 120,00" with a no-break space.
    expect((await screen.findByTestId('delete-plan')).textContent?.replace(/\s/g, ' ')).toBe(
      'Je Growth-abonnement (actief tot 6 december 2027) stopt samen met je account. Het is minder dan 14 dagen geleden betaald: € 120,00 wordt teruggestort op de manier waarop je hebt betaald.',
    );
  });

  it('enables Delete only for the account’s e-mail and a password, then deletes, signs out and goes home', async () => {
    serveApi(
      apiHandler('get-profile', () => json(200, profile)),
      apiHandler('delete-account', () => json(202, { done: false })),
    );
    const { router } = renderWithApp(<AccountPage />, {
      path: '/account?tab=danger',
      session,
      routes: [{ path: '/', element: <p>Home</p> }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const confirm = await screen.findByRole('button', { name: 'Delete my account' });
    const input = screen.getByLabelText('Type your e-mail address to confirm');
    await userEvent.type(input, 'someone@example.com');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, 'Owner@Example.com');
    // Without the password the token alone deletes nothing.
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Your password'), 'Sup3r-secret!');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(confirm);
    await screen.findByText('Home');
    expect(router.state.location.pathname).toBe('/');
    expect(amplify.signOut).toHaveBeenCalled();
    expect(apiCalls().find((c) => c.route === 'delete-account')?.body).toEqual({
      email: 'Owner@Example.com',
      password: 'Sup3r-secret!',
    });
  });

  it('shows a wrong password at its field (Dutch), focused, keeps the dialog open and signs nobody out', async () => {
    serveApi(
      apiHandler('get-profile', () => json(200, profile)),
      apiHandler('delete-account', () =>
        json(403, { error: { code: 'INCORRECT_PASSWORD', message: 'The password is not correct.' } }),
      ),
    );
    renderWithApp(<AccountPage />, { path: '/nl/account?tab=danger', session });
    await userEvent.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    await userEvent.type(screen.getByLabelText(/e-mailadres/i), 'owner@example.com');
    await userEvent.type(screen.getByLabelText('Je wachtwoord'), 'fout');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Het wachtwoord klopt niet.')).toBeTruthy();
    const password = screen.getByLabelText('Je wachtwoord');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(amplify.signOut).not.toHaveBeenCalled();
  });

  it('with two-step verification on, asks for a code too and shows a wrong one at its field (Dutch)', async () => {
    serveApi(
      apiHandler('get-two-factor', () => json(200, { enabled: true })),
      apiHandler('get-profile', () => json(200, profile)),
      apiHandler('delete-account', () =>
        json(403, { error: { code: 'INCORRECT_CODE', message: 'The code is not correct or was used already.' } }),
      ),
    );
    renderWithApp(<AccountPage />, { path: '/nl/account?tab=danger', session });
    await userEvent.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    await userEvent.type(screen.getByLabelText(/e-mailadres/i), 'owner@example.com');
    await userEvent.type(screen.getByLabelText('Je wachtwoord'), 'Sup3r-secret!');
    const confirm = screen.getByRole('button', { name: 'Mijn account verwijderen' }) as HTMLButtonElement;
    // The password alone is not enough while two-step verification is on.
    const code = await screen.findByLabelText('Code uit je authenticator-app');
    expect(confirm.disabled).toBe(true);
    await userEvent.type(code, '654321');
    await userEvent.click(confirm);
    expect(await screen.findByText(/De code klopt niet of is al gebruikt/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(apiCalls().find((c) => c.route === 'delete-account')?.body).toEqual({
      email: 'owner@example.com',
      password: 'Sup3r-secret!',
      code: '654321',
    });
    expect(amplify.signOut).not.toHaveBeenCalled();
  });

  it('tells the owner when the deletion failed, and stays', async () => {
    serveApi(
      apiHandler('get-profile', () => json(200, profile)),
      apiHandler('delete-account', () => json(500, { error: { code: 'INTERNAL', message: 'boom' } })),
    );
    renderWithApp(<AccountPage />, { path: '/account?tab=danger', session });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    await userEvent.type(screen.getByLabelText('Type your e-mail address to confirm'), 'owner@example.com');
    await userEvent.type(screen.getByLabelText('Your password'), 'Sup3r-secret!');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByText('Failed to delete account.');
    expect(amplify.signOut).not.toHaveBeenCalled();
  });
});
