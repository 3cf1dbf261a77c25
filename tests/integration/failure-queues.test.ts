import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { pathOf, streamReaderName, streamReaders } from '@reviewroute/shared';
import { createDynamoSurveyStats } from '@reviewroute/functions/data/survey-stats';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/env';
import { readLocalAlarms, readLocalFailures } from '../../infra/local/failures';
import { repoRoot } from '../../infra/src/paths';
import { callApi, createSampleSurvey, publishSurvey, stackEntities } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');
const stats = createDynamoSurveyStats(stackEntities);
const tallies = streamReaderName('tallies');
const run = promisify(execFile);

/** `npm run replay -- tallies --local <the stack's data dir>`, as a developer runs it: exit code and output. */
async function replayTallies(): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run('npm', ['run', '--silent', 'replay', '--', 'tallies', '--local', stack.dataDir], {
      cwd: repoRoot,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The tallies reader's failure queue: the messages that were not in it before (`before`: their files). */
const failuresSince = (before: ReadonlySet<string>) =>
  readLocalFailures(stack.dataDir, tallies).filter(({ file }) => !before.has(file));

describe('what a stream reader gives up on', () => {
  it('lands in its failure queue and raises its alarm; the replay puts it back, and once the cause is fixed it is counted', async () => {
    const reader = streamReaders.find((r) => r.id === 'tallies')!;
    const owner = await createSignedInUser(stack);
    const survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Poison Pantry')).id);

    // The cause: the survey's tally holds a count that is no number, so adding the response to it fails on
    // every try (a bug or a bad migration would look like this).
    const { Item, TableName } = stackEntities().surveyTally.put({ surveyId: survey.id, count: 0 }).params() as {
      Item: Record<string, unknown>;
      TableName: string;
    };
    const table = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stack.urls.dynamodb, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
    );
    await table.send(new PutCommand({ TableName, Item: { ...Item, count: 'not a number' } }));
    const alarmsBefore = readLocalAlarms(stack.dataDir).length;
    const before = new Set(readLocalFailures(stack.dataDir, tallies).map(({ file }) => file));

    const submitted = await callApi('POST', pathOf('submit-response', { surveyCode: survey.surveyCode! }), {
      body: { rating: 4, comment: 'Fine', idempotencyKey: randomUUID(), elapsedMs: 9000 },
    });
    expect(submitted.status).toBe(201);

    // After the reader's retries the record is given up: its shard and sequence number in the failure queue.
    await expect.poll(() => failuresSince(before).length, { timeout: 90_000, interval: 250 }).toBe(1);
    const [given] = failuresSince(before);
    expect(given!.message.body).toMatchObject({
      requestContext: {
        condition: 'RetryAttemptsExhausted',
        approximateInvokeCount: reader.retryAttempts + 1,
        functionArn: expect.stringContaining(`:function:${tallies}`),
      },
      DDBStreamBatchInfo: { shardId: expect.any(String), batchSize: 1, streamArn: expect.any(String) },
    });
    // The alarm went off with it.
    expect(readLocalAlarms(stack.dataDir).slice(alarmsBefore)).toContainEqual(
      expect.objectContaining({ queue: tallies, file: given!.file }),
    );
    // Not counted (the broken tally as it was).
    expect((await stats.getTally(survey.id))?.histogram).toEqual([0, 0, 0, 0, 0]);

    // Replayed before the cause is fixed: it fails again and stays in the queue.
    const early = await replayTallies();
    expect(early.code, early.out).toBe(1);
    expect(early.out).toContain('still failing');
    expect(failuresSince(before)).toHaveLength(1);

    // Fixed (the tally repaired), the replay hands the record to the reader again: counted once, message gone.
    await stackEntities().surveyTally.delete({ surveyId: survey.id }).go();
    const replayed = await replayTallies();
    expect(replayed.code, replayed.out).toBe(0);
    expect(replayed.out).toContain(`${tallies}: 1 replayed, 0 still failing`);
    expect(readLocalFailures(stack.dataDir, tallies).map((f) => f.file)).not.toContain(given!.file);
    expect(await stats.getTally(survey.id)).toMatchObject({ count: 1, sum: 4, histogram: [0, 0, 0, 1, 0] });
  }, 180_000);
});
