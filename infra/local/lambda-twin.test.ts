import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkerRun } from '@reviewroute/functions/worker-entries';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';
import { createLocalFailureQueues, readLocalAlarms, readLocalFailures } from './failures';
import { startLambdaTwin, type LambdaTwin } from './lambda-twin';

let twin: LambdaTwin | undefined;
let dir: string | undefined;
afterEach(async () => {
  await twin?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  twin = undefined;
  dir = undefined;
});

async function started() {
  dir = await mkdtemp(path.join(tmpdir(), 'lambda-twin-'));
  twin = await startLambdaTwin(createLocalFailureQueues(dir));
  const client = new LambdaClient({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: twin.url });
  return { twin, client, dir };
}

const payload = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('the local Lambda twin', () => {
  it('answers an asynchronous invoke at once and runs it apart from its caller', async () => {
    const { twin, client } = await started();
    let release!: () => void;
    const ran: unknown[] = [];
    const run: WorkerRun = async (event) => {
      await new Promise<void>((resolve) => (release = resolve));
      ran.push(event);
    };
    twin.register('ExportsWorker', { run: Promise.resolve(run), description: 'exports', timeoutSeconds: 900 });
    const answer = await client.send(
      new InvokeCommand({ FunctionName: 'ExportsWorker', InvocationType: 'Event', Payload: payload({ n: 1 }) }),
    );
    // Answered while the run still waits.
    expect(answer.StatusCode).toBe(202);
    expect(ran).toEqual([]);
    await expect.poll(() => typeof release).toBe('function');
    release();
    await expect.poll(() => ran).toEqual([{ n: 1 }]);
  });

  it('tries a failing asynchronous run again, then gives it up to its failure queue with Lambda’s record and raises the alarm', async () => {
    const { twin, client, dir } = await started();
    let tries = 0;
    twin.register('ExportsWorker', {
      run: Promise.resolve(async () => {
        tries += 1;
        throw new Error('bucket gone');
      }),
      description: 'CSV export worker',
      timeoutSeconds: 900,
      retryAttempts: 1,
    });
    await client.send(
      new InvokeCommand({ FunctionName: 'ExportsWorker', InvocationType: 'Event', Payload: payload({ job: 7 }) }),
    );
    await expect.poll(() => readLocalFailures(dir, 'ExportsWorker').length, { timeout: 5000 }).toBe(1);
    expect(tries).toBe(2);
    expect(readLocalFailures(dir, 'ExportsWorker')[0]!.message.body).toMatchObject({
      requestContext: {
        condition: 'RetriesExhausted',
        functionArn: expect.stringContaining(':function:ExportsWorker'),
      },
      requestPayload: { job: 7 },
      responsePayload: { errorMessage: 'Error: bucket gone' },
    });
    expect(readLocalAlarms(dir)).toMatchObject([{ queue: 'ExportsWorker', description: 'CSV export worker' }]);
  });

  it('runs a synchronous invoke (the replay’s) and answers its result, or the function error; an unknown name is 404', async () => {
    const { twin, client } = await started();
    twin.register('TalliesStreamReader', {
      run: Promise.resolve(async (event) => {
        if ((event as { fail?: boolean }).fail) throw new Error('table busy');
        return { batchItemFailures: [] };
      }),
      description: 'tallies',
      timeoutSeconds: 60,
    });
    const ok = await client.send(new InvokeCommand({ FunctionName: 'TalliesStreamReader', Payload: payload({}) }));
    expect(ok.FunctionError).toBeUndefined();
    expect(JSON.parse(new TextDecoder().decode(ok.Payload))).toEqual({ batchItemFailures: [] });
    const failed = await client.send(
      new InvokeCommand({
        FunctionName: 'arn:aws:lambda:eu-west-1:000000000000:function:TalliesStreamReader',
        Payload: payload({ fail: true }),
      }),
    );
    expect(failed.FunctionError).toBe('Unhandled');
    await expect(client.send(new InvokeCommand({ FunctionName: 'Nope', Payload: payload({}) }))).rejects.toThrow(
      /Function not found/,
    );
  });
});
