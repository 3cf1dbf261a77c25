import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { LanguageGate } from './language-gate';

describe('LanguageGate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens a new page at its top, but leaves back/forward and #fragments to the browser', async () => {
    initI18n('en');
    const scrollTo = vi.spyOn(globalThis, 'scrollTo').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          element: <LanguageGate />,
          children: [
            { path: '/dashboard', element: null },
            { path: '/account', element: null },
          ],
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    // The first page is the browser's to place (a reload keeps its scroll).
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/account'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0 });

    await act(() => router.navigate(-1));
    await act(() => router.navigate('/account#delete'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
