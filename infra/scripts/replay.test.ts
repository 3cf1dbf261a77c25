import {
  DeleteMessageCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  type ReceiveMessageCommandOutput,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import type { FailureMessage } from '../local/failures';
import { replay, sqsSource, type ReplaySource, type ReplayTarget, type StreamBatchInfo } from './replay';

/** A queue of the given messages; what was deleted is remembered. */
function queueOf(...messages: FailureMessage[]) {
  const removed: string[] = [];
  let read = false;
  const source: ReplaySource = {
    receive: async () => {
      if (read) return [];
      read = true;
      return messages.map((message, i) => ({ handle: `m${i}`, message }));
    },
    remove: async (handle) => void removed.push(handle),
  };
  return { source, removed };
}

const record = (sequence: string, entity: string, rating?: number) => ({
  eventName: 'INSERT',
  dynamodb: {
    SequenceNumber: sequence,
    NewImage: { __edb_e__: { S: entity }, ...(rating ? { rating: { N: String(rating) } } : {}) },
  },
});

const batchInfo: StreamBatchInfo = {
  shardId: 'shard-1',
  startSequenceNumber: '100',
  endSequenceNumber: '300',
  streamArn: 'arn:aws:dynamodb:eu-west-1:1:table/t/stream/x',
};

/** A target whose stream holds `records` and whose functions fail while `failing` says so. */
function targetOf(records: unknown[], failing: (name: string) => boolean = () => false) {
  const invoked: { functionName: string; payload: unknown }[] = [];
  const read: StreamBatchInfo[] = [];
  const target: ReplayTarget = {
    invoke: async (functionName, payload) => {
      invoked.push({ functionName, payload });
      return failing(functionName) ? { ok: false, reason: 'still broken' } : { ok: true };
    },
    streamRecords: async (info) => {
      read.push(info);
      return records;
    },
  };
  return { target, invoked, read };
}

const quiet = () => undefined;

describe('replay', () => {
  it('re-reads a stream reader’s given-up records from the stream and hands those it takes to the reader again', async () => {
    const { source, removed } = queueOf({
      body: {
        requestContext: { functionArn: 'arn:aws:lambda:eu-west-1:1:function:ReviewRoute-prod-Api-OwnerJobs-abc' },
        DDBStreamBatchInfo: batchInfo,
      },
    });
    const { target, invoked, read } = targetOf([
      record('100', 'response', 1),
      record('200', 'response', 5),
      record('300', 'exportJob'),
    ]);
    expect(await replay('owner-jobs', source, target, quiet)).toEqual({ replayed: 1, failed: 0 });
    expect(read).toEqual([batchInfo]);
    // The reader's event source would not have given it the 5 stars.
    expect(invoked).toEqual([
      {
        functionName: 'ReviewRoute-prod-Api-OwnerJobs-abc',
        payload: { Records: [record('100', 'response', 1), record('300', 'exportJob')] },
      },
    ]);
    expect(removed).toEqual(['m0']);
  });

  it('keeps a message that fails again, and one whose records the stream no longer has', async () => {
    const stream = {
      body: { requestContext: { functionArn: 'arn:aws:lambda:r:1:function:Tallies' }, DDBStreamBatchInfo: batchInfo },
    };
    const broken = queueOf(stream);
    const { target } = targetOf([record('100', 'response', 4)], () => true);
    expect(await replay('tallies', broken.source, target, quiet)).toEqual({ replayed: 0, failed: 1 });
    expect(broken.removed).toEqual([]);

    const expired = queueOf(stream);
    const empty = targetOf([]);
    expect(await replay('tallies', expired.source, empty.target, quiet)).toEqual({ replayed: 0, failed: 1 });
    expect(empty.invoked).toEqual([]);
    expect(expired.removed).toEqual([]);
  });

  it('hands an asynchronous run’s event back to its function, and an EventBridge dead letter to its target', async () => {
    const event = { Records: [record('7', 'exportJob')] };
    const { source, removed } = queueOf(
      {
        body: {
          requestContext: {
            functionArn: 'arn:aws:lambda:r:1:function:ExportsFn:$LATEST',
            condition: 'RetriesExhausted',
          },
          requestPayload: event,
        },
      },
      { body: { 'detail-type': 'Email Bounced' }, attributes: { TARGET_ARN: 'arn:aws:lambda:r:1:function:MailFn' } },
      // Locally a dead letter names no target: the trigger's own function.
      { body: { 'detail-type': 'Email Complaint Received' } },
    );
    const { target, invoked } = targetOf([]);
    expect(await replay('mail-events', source, target, quiet)).toEqual({ replayed: 3, failed: 0 });
    expect(invoked).toEqual([
      { functionName: 'ExportsFn', payload: event },
      { functionName: 'MailFn', payload: { 'detail-type': 'Email Bounced' } },
      { functionName: 'MailEventsWorker', payload: { 'detail-type': 'Email Complaint Received' } },
    ]);
    expect(removed).toEqual(['m0', 'm1', 'm2']);
  });
});

describe('an SQS failure queue', () => {
  it('is found by its name, read until empty with the messages hidden meanwhile, and a message deleted by its receipt', async () => {
    const sent: unknown[] = [];
    const pages: ReceiveMessageCommandOutput['Messages'][] = [
      [
        {
          ReceiptHandle: 'r1',
          Body: JSON.stringify({ 'detail-type': 'Email Bounced' }),
          MessageAttributes: { TARGET_ARN: { DataType: 'String', StringValue: 'arn:aws:lambda:r:1:function:MailFn' } },
        },
      ],
      [],
    ];
    const sqs = {
      send: async (command: unknown) => {
        sent.push(command);
        if (command instanceof GetQueueUrlCommand) return { QueueUrl: 'https://sqs/q' };
        if (command instanceof ReceiveMessageCommand) return { Messages: pages.shift() };
        return {};
      },
    } as unknown as Pick<SQSClient, 'send'>;
    const source = sqsSource('ReviewRoute-prod-Api-MailEventsWorker-failures', 'eu-west-1', sqs);
    const { target, invoked } = targetOf([]);
    expect(await replay('mail-events', source, target, quiet)).toEqual({ replayed: 1, failed: 0 });
    expect(invoked).toEqual([{ functionName: 'MailFn', payload: { 'detail-type': 'Email Bounced' } }]);
    const inputs = sent.map((command) => ({
      type: (command as object).constructor.name,
      input: (command as { input: unknown }).input,
    }));
    expect(inputs).toEqual([
      { type: 'GetQueueUrlCommand', input: { QueueName: 'ReviewRoute-prod-Api-MailEventsWorker-failures' } },
      {
        type: 'ReceiveMessageCommand',
        input: expect.objectContaining({
          QueueUrl: 'https://sqs/q',
          VisibilityTimeout: 900,
          MessageAttributeNames: ['All'],
        }),
      },
      { type: 'DeleteMessageCommand', input: { QueueUrl: 'https://sqs/q', ReceiptHandle: 'r1' } },
      { type: 'ReceiveMessageCommand', input: expect.objectContaining({ QueueUrl: 'https://sqs/q' }) },
    ]);
    expect(sent[2]).toBeInstanceOf(DeleteMessageCommand);
  });
});
