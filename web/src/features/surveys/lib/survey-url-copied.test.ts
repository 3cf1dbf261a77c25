import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf } from '@reviewroute/shared';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { readUrlCopiedFlag, recordSurveyUrlCopied, urlCopiedStorageKey, useUrlCopiedFlag } from './survey-url-copied';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn().mockResolvedValue({ tokens: undefined }) }));
vi.mock('aws-amplify/auth', () => amplify);

afterEach(() => {
  window.localStorage.clear();
});

describe('the survey_url_copied flag (onboarding step 2)', () => {
  it("reads only the value 'true'", () => {
    expect(readUrlCopiedFlag()).toBe(false);
    window.localStorage.setItem(urlCopiedStorageKey, 'yes');
    expect(readUrlCopiedFlag()).toBe(false);
    window.localStorage.setItem(urlCopiedStorageKey, 'true');
    expect(readUrlCopiedFlag()).toBe(true);
  });

  it('records the local flag at once, the profile flag in the background, and tells readers', async () => {
    serveApi(apiHandler('update-profile', () => HttpResponse.json({}, { status: 500 })));
    const { result } = renderHook(() => useUrlCopiedFlag());
    expect(result.current).toBe(false);
    await act(() => recordSurveyUrlCopied());
    expect(result.current).toBe(true);
    expect(window.localStorage.getItem(urlCopiedStorageKey)).toBe('true');
    await waitFor(() =>
      expect(apiCalls()).toEqual([
        { route: 'update-profile', method: 'PATCH', path: pathOf('update-profile'), body: { surveyUrlCopied: true } },
      ]),
    );
  });
});
