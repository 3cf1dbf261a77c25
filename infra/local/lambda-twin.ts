import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkerRun } from '@reviewroute/functions/worker-entries';
import { LOCAL_REGION } from './env';
import type { LocalFailureQueues } from './failures';
import { LOCAL_HOST } from './ports';

/** A function the twin runs: its module's run and, for asynchronous invokes, Lambda's retry settings. */
export interface TwinFunction {
  run: Promise<WorkerRun>;
  description: string;
  /** Its time limit (the run's remaining time starts there). */
  timeoutSeconds: number;
  /** An asynchronous invoke that keeps failing is tried this many more times, then given up (default 2, Lambda's). */
  retryAttempts?: number;
}

/** The ARN a local function is reported under (on-failure records carry it; the replay reads the name back). */
export const localFunctionArn = (name: string) => `arn:aws:lambda:${LOCAL_REGION}:000000000000:function:${name}`;

/** A function name as the Invoke API takes it: the name, or its ARN (with or without a version). */
const nameOf = (given: string) => {
  const match = /:function:([^:]+)/.exec(given);
  return match ? match[1]! : given;
};

/** Pause between the tries of a failing asynchronous run (Lambda waits a minute, then two; locally much less). */
const asyncRetryPauseMs = 250;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The local twin of the Lambda service's Invoke API (`POST /2015-03-31/functions/{name}/invocations`), which
 * the real Lambda client reaches through AWS_ENDPOINT_URL_LAMBDA: an `Event` invoke is answered 202 at once
 * and run apart from its caller (a stream reader's hand-off of an export never waits for the export), tried
 * again when it fails and then given up to the function's local failure queue with Lambda's on-failure record
 * (its `requestPayload` the event), raising its alarm; a `RequestResponse` invoke (the replay's) is run and
 * answered with its result, or `X-Amz-Function-Error` when it threw.
 */
export async function startLambdaTwin(failures: LocalFailureQueues, log?: (line: string) => void) {
  const functions = new Map<string, TwinFunction>();
  const running = new Set<Promise<void>>();

  async function runOnce(fn: TwinFunction, payload: unknown): Promise<unknown> {
    const deadline = Date.now() + fn.timeoutSeconds * 1000;
    return (await fn.run)(payload, { getRemainingTimeInMillis: () => deadline - Date.now() });
  }

  async function runAsync(name: string, fn: TwinFunction, payload: unknown): Promise<void> {
    const tries = 1 + (fn.retryAttempts ?? 2);
    let lastError: unknown;
    for (let attempt = 1; attempt <= tries; attempt += 1) {
      try {
        await runOnce(fn, payload);
        return;
      } catch (error) {
        lastError = error;
        log?.(`[${name}] asynchronous run failed (try ${attempt} of ${tries}): ${String(error)}`);
        if (attempt < tries) await new Promise((resolve) => setTimeout(resolve, asyncRetryPauseMs * attempt));
      }
    }
    failures.put(name, fn.description, {
      body: {
        version: '1.0',
        timestamp: new Date().toISOString(),
        requestContext: {
          requestId: randomUUID(),
          functionArn: `${localFunctionArn(name)}:$LATEST`,
          condition: 'RetriesExhausted',
          approximateInvokeCount: tries,
        },
        requestPayload: payload,
        responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
        responsePayload: { errorType: 'Error', errorMessage: String(lastError) },
      },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Unknown operation' }));
      return;
    }
    const name = nameOf(decodeURIComponent(match[1]!));
    const fn = functions.get(name);
    const text = await bodyOf(req);
    if (!fn) {
      res
        .writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' })
        .end(JSON.stringify({ Type: 'User', message: `Function not found: ${localFunctionArn(name)}` }));
      return;
    }
    const payload: unknown = text ? JSON.parse(text) : {};
    if (req.headers['x-amz-invocation-type'] === 'Event') {
      const run = runAsync(name, fn, payload).finally(() => running.delete(run));
      running.add(run);
      res.writeHead(202).end();
      return;
    }
    try {
      const result = await runOnce(fn, payload);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
    } catch (error) {
      res
        .writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
        .end(JSON.stringify({ errorType: 'Error', errorMessage: String(error) }));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log?.(`[lambda] invoke failed: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOCAL_HOST, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOCAL_HOST}:${port}`,
    /** Makes a function invokable under `name` (CDK's name of it: `ExportsWorker`, `OwnerJobsStreamReader`, …). */
    register(name: string, fn: TwinFunction) {
      functions.set(name, fn);
    },
    /** Stops taking invokes and waits (10 s at most) for the asynchronous runs in progress. */
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // The readers' Lambda clients keep their connections open: those must not hold the close up.
      server.closeAllConnections();
      await closed;
      await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    },
  };
}

export type LambdaTwin = Awaited<ReturnType<typeof startLambdaTwin>>;
