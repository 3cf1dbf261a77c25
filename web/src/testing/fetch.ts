import { vi } from 'vitest';

export interface FetchCall {
  method: string;
  url: string;
  /** The parsed JSON body, if any. */
  body: Record<string, unknown> | undefined;
}

/**
 * Replaces `fetch` (until `vi.unstubAllGlobals()`) with `respond`, and records every call in the returned
 * list, in order.
 */
export function stubFetch(respond: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: FetchCall = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
      };
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}
