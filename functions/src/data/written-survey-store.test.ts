import { Readable } from 'node:stream';
import { CloudFrontKeyValueStoreClient } from '@aws-sdk/client-cloudfront-keyvaluestore';
import type { HttpRequest } from '@smithy/types';
import { describe, expect, it } from 'vitest';
import type { LambdaEnv } from '@reviewroute/shared';
import { createCloudFrontWrittenSurveyStore } from './written-survey-store';

const arn = 'arn:aws:cloudfront::123456789012:key-value-store/0123abcd-4567-89ef-0123-456789abcdef';

/** The KeyValueStore API as a fake HTTP handler: every request is kept; `answers` give the responses in order. */
function fakeApi(answers: { status?: number; errorType?: string }[] = []) {
  const requests: HttpRequest[] = [];
  let etag = 0;
  const json = (status: number, body: object, headers: Record<string, string> = {}) => ({
    response: {
      statusCode: status,
      headers: { 'content-type': 'application/json', ...headers },
      body: Readable.from([Buffer.from(JSON.stringify(body))]),
    },
  });
  const requestHandler = {
    handle: async (request: HttpRequest) => {
      requests.push(request);
      if (request.method === 'GET')
        return json(200, { KvsARN: arn, ItemCount: 1, TotalSizeInBytes: 10 }, { etag: `v${++etag}` });
      const answer = answers.shift() ?? {};
      if (answer.errorType)
        return json(answer.status ?? 400, { Message: answer.errorType }, { 'x-amzn-errortype': answer.errorType });
      return json(200, { ItemCount: 1, TotalSizeInBytes: 10 }, { etag: `v${++etag}` });
    },
  };
  const client = new CloudFrontKeyValueStoreClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    requestHandler,
  });
  return { client, requests, writes: () => requests.filter((r) => r.method !== 'GET') };
}

const env = { SURVEY_PAGES_STORE_ARN: arn } as LambdaEnv;

describe('the written surveys’ key value store', () => {
  it('puts the survey’s code with its languages, under the store’s current version, signed with SigV4a (no aws-crt)', async () => {
    const api = fakeApi();
    await createCloudFrontWrittenSurveyStore(env, api.client).put('abcd2345', ['nl']);
    const [describe, put] = api.requests;
    expect(describe!.method).toBe('GET');
    expect(put).toMatchObject({ method: 'PUT', hostname: '123456789012.cloudfront-kvs.global.api.aws' });
    expect(put!.path).toMatch(/\/keys\/abcd2345$/);
    expect(put!.headers['if-match']).toBe('v1');
    expect(JSON.parse(Buffer.from(put!.body as Uint8Array).toString('utf8'))).toEqual({ Value: 'nl' });
    expect(put!.headers.authorization).toMatch(/^AWS4-ECDSA-P256-SHA256 /);
    expect(put!.headers['x-amz-region-set']).toBe('*');
  });

  it('tries again with the new version when another write came in between', async () => {
    const api = fakeApi([{ status: 409, errorType: 'ConflictException' }]);
    await createCloudFrontWrittenSurveyStore(env, api.client).put('abcd2345', ['en']);
    expect(api.writes().map((r) => r.headers['if-match'])).toEqual(['v1', 'v2']);
  });

  it('deletes the code, and a code that is not there is fine', async () => {
    const api = fakeApi([{ status: 404, errorType: 'ResourceNotFoundException' }]);
    await createCloudFrontWrittenSurveyStore(env, api.client).delete('abcd2345');
    expect(api.writes()).toMatchObject([{ method: 'DELETE' }]);
    expect(api.writes()[0]!.path).toMatch(/\/keys\/abcd2345$/);
  });

  it('passes any other failure on, for the caller to log', async () => {
    const api = fakeApi([{ status: 403, errorType: 'AccessDeniedException' }]);
    await expect(createCloudFrontWrittenSurveyStore(env, api.client).put('abcd2345', ['en'])).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
  });

  it('does nothing without a store (locally)', async () => {
    const api = fakeApi();
    const store = createCloudFrontWrittenSurveyStore({} as LambdaEnv, api.client);
    await store.put('abcd2345', ['en']);
    await store.delete('abcd2345');
    expect(api.requests).toEqual([]);
  });
});
