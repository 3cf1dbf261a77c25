import { describe, expect, it } from 'vitest';
import { lambdaEnvOf } from '../lib/env';
import { createDocumentClient } from './client';

describe('the document client', () => {
  it('leaves out the SDK’s logger middleware, which redacts every input and output for a no-op logger', () => {
    const client = createDocumentClient(
      lambdaEnvOf({ AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1', TABLE_NAME: 't' }),
    );
    const names = client.middlewareStack.identify();
    expect(names.some((n) => n.startsWith('loggerMiddleware'))).toBe(false);
    // The rest of the stack is the SDK's own (a sanity check that the list above is the real one).
    expect(names.some((n) => n.startsWith('retryMiddleware'))).toBe(true);
    client.destroy();
  });
});
