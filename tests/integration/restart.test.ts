import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pathOf, submitResponseResultSchema, surveySchema, surveyStatsSchema, type Survey } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { ownerCall, sampleBusiness, type ApiUser } from '../support/api';
import { createSignedInUser, signIn } from '../support/cognito';
import { spawnStack, waitForPortsFree, type RestartableStack, type StackProcess } from '../support/restartable-stack';

/**
 * `npm start`'s stack (DynamoDB Local on disk) killed (SIGTERM, as `kill` or Ctrl-C sends) while customers
 * submit, then started again on the same data dir and ports: every submit that was answered 2xx is still there,
 * counted once, and the stack serves owners and customers as before.
 */

/** Customers submitting at once. */
const concurrency = 8;
/** The kill comes when this many submits were acknowledged, while the others are in flight. */
const killAfterAcks = 40;
/** The most submits sent in all (the load stops well before: every worker stops at its first failure). */
const submitBudget = 400;
const requestTimeoutMs = 15_000;

interface Answer {
  status: number;
  body: unknown;
}

/** One customer's submit, bounded in time; a connection the kill cuts off rejects. */
async function submit(stack: RestartableStack, surveyCode: string, key: string, rating: number): Promise<Answer> {
  const res = await fetch(`${stack.urls.api}${pathOf('submit-response', { surveyCode })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rating, comment: `restart ${key}`, idempotencyKey: key, elapsedMs: 9000 }),
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

interface Sent {
  key: string;
  rating: number;
  /** Set when the customer got a 2xx: the submit was acknowledged. */
  responseId?: string;
}

interface Load {
  sent: Sent[];
  /** Non-201 answers given before the stop was sent (503 is a legitimate "try again" under contention). */
  otherStatuses: number[];
  /** Every answer given after the stop was sent: the requests the stack took before it stopped taking any. */
  statusesAfterKill: number[];
  /** Requests still unanswered at the moment of the kill; -1 when the kill never came. */
  inFlightAtKill: number;
  /** The first failure before the kill (none expected). */
  failureBeforeKill?: string;
}

/** Submits from `concurrency` customers until the stack dies; kills it after `killAfterAcks` acknowledgements. */
async function submitUntilKilled(stack: RestartableStack, surveyCode: string, kill: () => void): Promise<Load> {
  const load: Load = { sent: [], otherStatuses: [], statusesAfterKill: [], inFlightAtKill: -1 };
  let acknowledged = 0;
  let inFlight = 0;
  const customer = async () => {
    while (load.sent.length < submitBudget) {
      const sent: Sent = { key: randomUUID(), rating: (load.sent.length % 5) + 1 };
      load.sent.push(sent);
      inFlight += 1;
      let answer: Answer;
      try {
        answer = await submit(stack, surveyCode, sent.key, sent.rating);
      } catch (error) {
        // The stack is gone (or this is a failure before the kill, reported below): no more from this customer.
        if (load.inFlightAtKill < 0) load.failureBeforeKill ??= String(error);
        return;
      } finally {
        inFlight -= 1;
      }
      if (load.inFlightAtKill >= 0) load.statusesAfterKill.push(answer.status);
      if (answer.status !== 201) {
        // Before the stop every answer must be a 201 (or a 503 to retry); after it, see statusesAfterKill.
        if (load.inFlightAtKill < 0) load.otherStatuses.push(answer.status);
        continue;
      }
      sent.responseId = submitResponseResultSchema.parse(answer.body).responseId;
      acknowledged += 1;
      if (acknowledged === killAfterAcks) {
        load.inFlightAtKill = inFlight;
        kill();
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, customer));
  return load;
}

/** Every stored response of the survey, read with the handlers' own entities (all pages, strongly consistent). */
async function storedResponseIds(stack: RestartableStack, surveyId: string): Promise<string[]> {
  const { data } = await tableEntities(stack.env)()
    .response.query.bySurvey({ surveyId })
    .go({ pages: 'all', consistent: true, attributes: ['responseId'] });
  return data.map((r) => r.responseId);
}

describe('a local stack killed mid-load and restarted', () => {
  let dataDir: string;
  const processes: StackProcess[] = [];
  let first: StackProcess;
  let owner: ApiUser;
  let survey: Survey;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'reviewroute-restart-'));
    first = await spawnStack(dataDir);
    processes.push(first);
    const { stack } = first;
    owner = await createSignedInUser(stack);
    const created = surveySchema.parse(
      await ownerCall(stack.urls.api, owner, 'POST', pathOf('create-survey'), sampleBusiness('Restart Bakery')),
    );
    survey = surveySchema.parse(
      await ownerCall(stack.urls.api, owner, 'POST', pathOf('publish-survey', { surveyId: created.id })),
    );
  });

  afterAll(async () => {
    for (const stackProcess of processes) {
      stackProcess.kill();
      await stackProcess.exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged submit and serves on', { timeout: 120_000 }, async () => {
    const surveyCode = survey.surveyCode!;
    const load = await submitUntilKilled(first.stack, surveyCode, first.terminate);
    expect(load.failureBeforeKill).toBeUndefined();
    expect(load.inFlightAtKill, 'the kill came while submits were in flight').toBeGreaterThan(0);
    expect(load.otherStatuses.filter((status) => status !== 503)).toEqual([]);
    await first.exited;
    // The stop drains the API before DynamoDB goes: what the stack took in, it answered as usual, never with
    // a failure of a storage stopped under it (a 201 answered then counts as acknowledged, like any other).
    expect(load.statusesAfterKill.filter((status) => status !== 201 && status !== 503)).toEqual([]);

    await waitForPortsFree(first.stack.ports);
    const second = await spawnStack(dataDir, first.stack.ports);
    processes.push(second);
    const { stack } = second;
    // Same URLs, pool and app client: the app's config.json and its users' sign-ins stay valid.
    expect(stack.urls).toEqual(first.stack.urls);
    expect(stack.webConfig).toEqual(first.stack.webConfig);

    const acknowledged = load.sent.filter((s) => s.responseId);
    const unanswered = load.sent.filter((s) => !s.responseId);
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfterAcks);
    const stored = new Set(await storedResponseIds(stack, survey.id));
    expect(acknowledged.filter((s) => !stored.has(s.responseId!))).toEqual([]);

    // The idempotency records survived too: a retry gets its first answer, not a second response.
    for (const sent of acknowledged) {
      const retry = await submit(stack, surveyCode, sent.key, sent.rating);
      expect(retry.status).toBe(201);
      expect(submitResponseResultSchema.parse(retry.body).responseId).toBe(sent.responseId);
    }
    // The customers the kill left without an answer try again: stored now, whether or not they were before.
    for (const sent of unanswered) expect((await submit(stack, surveyCode, sent.key, sent.rating)).status).toBe(201);

    // One response per customer, and the owner's tally (counted from the stream, resumed after the kill) agrees.
    const after = await storedResponseIds(stack, survey.id);
    expect(new Set(after).size).toBe(after.length);
    expect(after.length).toBe(load.sent.length);
    const user = { ...owner, tokens: await signIn(stack, owner.email, owner.password) };
    const histogram = [1, 2, 3, 4, 5].map((star) => load.sent.filter((s) => s.rating === star).length);
    await vi.waitFor(
      async () => {
        const stats = surveyStatsSchema.parse(
          await ownerCall(stack.urls.api, user, 'GET', pathOf('get-survey-stats', { surveyId: survey.id })),
        );
        expect(stats.reviewCount).toBe(load.sent.length);
        expect(stats.histogram).toEqual(histogram);
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
