import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { emptyProfile, type Language } from '@reviewroute/shared';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { routeQueryOptions } from '@/lib/route-query';
import { RecordInterfaceLanguage } from './record-interface-language';

/** The profile API with a recorded language; the PATCH answers with the change applied. */
function serveProfile(recorded: Language | null) {
  let profile = { ...emptyProfile('u1'), language: recorded };
  serveApi(
    apiHandler('get-profile', () => HttpResponse.json(profile)),
    apiHandler('update-profile', async ({ request }) => {
      profile = { ...profile, ...((await request.json()) as object) };
      return HttpResponse.json(profile);
    }),
  );
}

const writes = () => apiCalls().filter((c) => c.route === 'update-profile');

describe('recording the interface language', () => {
  it('records Dutch once for an owner on /nl pages whose profile has none yet, and English after a switch', async () => {
    serveProfile(null);
    const { router, queryClient } = renderWithApp(<RecordInterfaceLanguage />, {
      path: '/nl/dashboard',
      routePath: '*',
    });
    await waitFor(() => expect(writes().map((c) => c.body)).toEqual([{ language: 'nl' }]));
    // The cached profile stays the object it was (a new one would reset the profile tab's form under the owner).
    const cached = queryClient.getQueryData(routeQueryOptions('get-profile').queryKey);
    expect(cached).toMatchObject({ language: null });
    // Another Dutch page writes nothing (the profile says Dutch now); the switch to English writes once.
    await router.navigate('/nl/account');
    await router.navigate('/account');
    await waitFor(() => expect(writes().map((c) => c.body)).toEqual([{ language: 'nl' }, { language: 'en' }]));
    expect(queryClient.getQueryData(routeQueryOptions('get-profile').queryKey)).toBe(cached);
  });

  it('writes nothing while the recorded language is the one in use', async () => {
    serveProfile('nl');
    const { router } = renderWithApp(<RecordInterfaceLanguage />, { path: '/nl/account', routePath: '*' });
    await waitFor(() => expect(apiCalls().some((c) => c.route === 'get-profile')).toBe(true));
    await router.navigate('/nl/dashboard');
    // The first write is the English page's: the Dutch pages before it wrote nothing.
    await router.navigate('/dashboard');
    await waitFor(() => expect(writes().map((c) => c.body)).toEqual([{ language: 'en' }]));
  });
});
