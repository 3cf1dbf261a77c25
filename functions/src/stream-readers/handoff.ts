import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { LambdaEnv, WorkerDefinition, WorkerTrigger } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';
import { logger } from '../lib/logger';
import type { WorkerRun } from '../worker-entries';

/** Starts a function without waiting for its run (Lambda's `Event` invocation: its own queue, retries, failure destination). */
export interface AsyncInvoker {
  invokeAsync(functionName: string, payload: unknown): Promise<void>;
}

/** The invoker of the environment's Lambda service (locally the stack's Lambda twin, AWS_ENDPOINT_URL_LAMBDA). */
export function lambdaInvoker(env: LambdaEnv): AsyncInvoker {
  let client: LambdaClient | undefined;
  return {
    async invokeAsync(functionName, payload) {
      client ??= new LambdaClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_LAMBDA'));
      const { StatusCode } = await client.send(
        new InvokeCommand({
          FunctionName: functionName,
          InvocationType: 'Event',
          Payload: new TextEncoder().encode(JSON.stringify(payload)),
        }),
      );
      // An accepted asynchronous invoke answers 202; anything else means it was not queued.
      if (StatusCode !== 202)
        throw new Error(`Lambda did not queue the run of ${functionName} (${String(StatusCode)})`);
    },
  };
}

type Handoff = Pick<WorkerDefinition, 'id'> & { trigger: Extract<WorkerTrigger, { kind: 'stream-handoff' }> };

/**
 * A reader's part for a `stream-handoff` worker: each record the worker takes is handed to the worker's own
 * Lambda as an event of one record (`{ Records: [record] }`, the stream event the worker reads), one invoke
 * each, so a slow run holds up neither the reader nor the worker's other runs. A record that could not be
 * handed over is reported as a partial batch failure, so the reader's event source hands it (and what follows
 * it) over again; the worker's claims make a second hand-off a no-op.
 */
export function handoffRun(worker: Handoff, env: LambdaEnv, invoker: AsyncInvoker = lambdaInvoker(env)): WorkerRun {
  return async (event) => {
    const functionName = env[worker.trigger.functionVariable];
    const failed: DynamoDBBatchResponse['batchItemFailures'] = [];
    for (const record of (event as DynamoDBStreamEvent | undefined)?.Records ?? []) {
      try {
        if (!functionName) throw new Error(`${worker.trigger.functionVariable} is not set`);
        await invoker.invokeAsync(functionName, { Records: [record] });
      } catch (error) {
        logger.error('Stream reader: a hand-off failed', { worker: worker.id, error });
        failed.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
      }
    }
    return { batchItemFailures: failed } satisfies DynamoDBBatchResponse;
  };
}
