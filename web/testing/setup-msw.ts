import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer, clearApiCalls } from './api';

/** Requests no handler answered in the current test. */
const unhandled: string[] = [];
apiServer.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${request.url}`);
});

// A request no handler answers is a test bug (an unexpected call, or a path built wrong): msw fails the
// request, and since the app often swallows a failed request, the test is failed too, after it ran.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  apiServer.resetHandlers();
  clearApiCalls();
  const missed = unhandled.splice(0);
  if (missed.length > 0) throw new Error(`Requests no msw handler answered: ${missed.join(', ')}`);
});
afterAll(() => apiServer.close());
