import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readUrlCopiedFlag, recordSurveyUrlCopied, urlCopiedStorageKey, useUrlCopiedFlag } from './survey-url-copied';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn().mockResolvedValue({ tokens: undefined }) }));
vi.mock('aws-amplify/auth', () => amplify);

afterEach(() => {
  vi.unstubAllGlobals();
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
    const fetch = vi.fn().mockResolvedValue(new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useUrlCopiedFlag());
    expect(result.current).toBe(false);
    await act(() => recordSurveyUrlCopied());
    expect(result.current).toBe(true);
    expect(window.localStorage.getItem(urlCopiedStorageKey)).toBe('true');
    const [path, init] = fetch.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe('/api/profile');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ surveyUrlCopied: true });
  });
});
