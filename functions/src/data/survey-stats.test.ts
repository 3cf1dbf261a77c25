import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createEntities } from './entities';
import type { TallyEvent } from './survey-stats';
import { createDynamoSurveyStats, tallyEventOf, weekOf } from './survey-stats';

/** The entities on a client that answers every call with success and records what it was asked (no table). */
function recordingStats() {
  const calls: { command: string; input: Record<string, unknown> }[] = [];
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    }),
  );
  client.middlewareStack.add(
    (_next, context) => async (args) => {
      calls.push({ command: context.commandName!, input: args.input as Record<string, unknown> });
      return { output: { $metadata: {} } as never, response: {} };
    },
    { step: 'initialize', name: 'recordAndAnswer' },
  );
  const entities = createEntities(client, 'reviewroute');
  return { stats: createDynamoSurveyStats(() => entities), calls };
}

interface Update {
  Key: { pk: string; sk: string };
  UpdateExpression: string;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** What an update ADDs, by attribute name (electrodb names its values `:{attribute}_u0`). */
function added(u: Update): Record<string, number> {
  const clause = /ADD (.*)$/.exec(u.UpdateExpression)?.[1] ?? '';
  return Object.fromEntries(
    clause.split(', ').map((part) => {
      const [name, value] = part.split(' ') as [string, string];
      return [name.slice(1), u.ExpressionAttributeValues[value] as number];
    }),
  );
}

const transactions = (calls: ReturnType<typeof recordingStats>['calls']) =>
  calls
    .filter((c) => c.command === 'TransactWriteItemsCommand')
    .map((c) => (c.input.TransactItems as { Update: Update }[]).map((i) => i.Update));

const created = (responseId: string, rating: number, createdAt: string): TallyEvent => ({
  kind: 'response',
  surveyId: 's1',
  responseId,
  rating,
  week: weekOf(createdAt)!,
});

describe('the stats count’s transaction', () => {
  it('adds each response to its week’s item (UTC ISO week of createdAt) in the transaction of the tally and the marks', async () => {
    const { stats, calls } = recordingStats();
    expect(
      await stats.count([
        created('r1', 5, '2026-11-23T00:00:00.000Z'),
        created('r2', 3, '2026-11-26T12:00:00.000Z'),
        created('r3', 1, '2026-11-22T23:59:59.999Z'),
      ]),
    ).toEqual([]);
    const [only, ...more] = transactions(calls);
    expect(more).toEqual([]);
    const keys = only!.map((u) => `${u.Key.pk}/${u.Key.sk}`);
    expect(keys).toEqual([
      'SURVEY#s1/RESPONSE#r1',
      'SURVEY#s1/RESPONSE#r2',
      'SURVEY#s1/RESPONSE#r3',
      'SURVEY#s1/STATS',
      'SURVEY#s1/WEEK#2026-W48',
      'SURVEY#s1/WEEK#2026-W47',
    ]);
    expect(added(only![4]!)).toEqual({ count: 2, sum: 8, stars3: 1, stars5: 1 });
    expect(added(only![5]!)).toEqual({ count: 1, sum: 1, stars1: 1 });
  });

  it('keeps every transaction within DynamoDB Local’s 10 items however the responses spread over weeks', async () => {
    const { stats, calls } = recordingStats();
    const events = Array.from({ length: 23 }, (_, i) =>
      created(`r${i}`, (i % 5) + 1, new Date(Date.UTC(2026, 0, 5 + 7 * (i % 4))).toISOString()),
    );
    expect(await stats.count(events)).toEqual([]);
    const written = transactions(calls);
    expect(written.every((t) => t.length <= 10)).toBe(true);
    // Every response marked once, every week counted with all of its responses.
    const marks = written.flat().filter((u) => u.Key.sk.startsWith('RESPONSE#'));
    expect(marks).toHaveLength(23);
    const weekCounts = new Map<string, number>();
    for (const u of written.flat().filter((x) => x.Key.sk.startsWith('WEEK#'))) {
      weekCounts.set(u.Key.sk, (weekCounts.get(u.Key.sk) ?? 0) + added(u).count!);
    }
    expect(Object.fromEntries(weekCounts)).toEqual({
      'WEEK#2026-W02': 6,
      'WEEK#2026-W03': 6,
      'WEEK#2026-W04': 6,
      'WEEK#2026-W05': 5,
    });
  });

  it('adds no week for a click', async () => {
    const { stats, calls } = recordingStats();
    await stats.count([{ kind: 'click', surveyId: 's1', responseId: 'r1' }]);
    expect(transactions(calls)[0]!.map((u) => u.Key.sk)).toEqual(['RESPONSE#r1', 'STATS']);
  });
});

describe('what the stream gives to count', () => {
  const insert = (createdAt?: string): DynamoDBRecord => ({
    eventName: 'INSERT',
    dynamodb: {
      NewImage: {
        __edb_e__: { S: 'response' },
        surveyId: { S: 's1' },
        responseId: { S: 'r1' },
        rating: { N: '4' },
        ...(createdAt ? { createdAt: { S: createdAt } } : {}),
      },
    },
  });

  it('reads the week of the response’s createdAt, in UTC', () => {
    expect(tallyEventOf(insert('2027-01-03T23:30:00.000Z'))).toEqual({
      kind: 'response',
      surveyId: 's1',
      responseId: 'r1',
      rating: 4,
      week: '2026-W53',
    });
    expect(tallyEventOf(insert('2027-01-04T00:30:00+01:00'))).toMatchObject({ week: '2026-W53' });
  });

  it('still counts a response without a readable date in the tally, in no week', () => {
    expect(tallyEventOf(insert())).toEqual({ kind: 'response', surveyId: 's1', responseId: 'r1', rating: 4 });
    expect(tallyEventOf(insert('not a date'))).not.toHaveProperty('week');
  });
});
