import { readFileSync } from 'node:fs';
import type { Context } from 'aws-lambda';
import type { ApiEvent } from '../src/lib/http';

/** The sample events in events/ (one per route) are what tests and `npm run invoke` feed to handlers. */
export const sampleEvent = (routeId: string): ApiEvent =>
  JSON.parse(readFileSync(new URL(`../../events/${routeId}.json`, import.meta.url), 'utf8')) as ApiEvent;

export const lambdaContext = (): Context =>
  ({
    functionName: 'test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:test',
    memoryLimitInMB: '256',
    awsRequestId: 'test-request',
    logGroupName: '/aws/lambda/test',
    logStreamName: 'test',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  }) as Context;
