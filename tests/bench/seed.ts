import { pathOf, surveySchema, type Survey } from '@reviewroute/shared';
import type { Entities } from '@reviewroute/functions/data/entities';
import type { LocalStack } from '../../infra/local/stack';
import { createSignedInUser } from '../support/cognito';

/**
 * What the benches do before they measure: an owner with a survey, and responses seeded in bulk. Shared so
 * the benches' figures stay comparable (the same ratings, the same way of writing), and so a change to the
 * API or the response entity is made here once.
 */

/** The rating cycle the benches use: mostly happy, one in ten a 2 and one in ten a 1 (average 4.3). */
const benchRatings = [5, 5, 4, 5, 3, 2, 5, 4, 1, 5] as const;
export const benchRating = (i: number): number => benchRatings[i % benchRatings.length]!;

/** A fresh signed-in owner and the headers of its JSON API calls. */
export async function benchOwner(stack: Pick<LocalStack, 'urls' | 'webConfig'>) {
  const owner = await createSignedInUser(stack);
  const auth = { authorization: `Bearer ${owner.tokens.idToken}`, 'content-type': 'application/json' };
  return { owner, auth };
}

/** A survey of the owner whose `auth` this is, created as the wizard's first step does; published if asked. */
export async function createBenchSurvey(
  api: string,
  auth: Record<string, string>,
  businessName: string,
  { publish }: { publish: boolean },
): Promise<Survey> {
  const created = await fetch(`${api}${pathOf('create-survey')}`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      businessName,
      businessOwnerName: 'Bea Bench',
      googleBusinessUrl: 'search.google.com/local/writereview?placeid=bench',
      supportEmail: 'bench@example.com',
    }),
  });
  const survey = surveySchema.parse(await created.json());
  if (!publish) return survey;
  const published = await fetch(`${api}${pathOf('publish-survey', { surveyId: survey.id })}`, {
    method: 'POST',
    headers: auth,
  });
  if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
  return surveySchema.parse(await published.json());
}

/**
 * The owner's JSON API calls of a bench, answered body parsed; a refusal throws with its status. The gateway fetches
 * the pool's keys on its first check, which on a loaded machine can time out once: a 401 is tried again a few times.
 */
export function ownerFetcher(api: string, idToken: string) {
  return async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const send = () =>
      fetch(`${api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${idToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    let res = await send();
    for (let attempt = 0; res.status === 401 && attempt < 5; attempt++) {
      console.error(`(${method} ${path}: 401 ${res.headers.get('www-authenticate') ?? ''}; again)`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      res = await send();
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as unknown;
  };
}

/**
 * An Enterprise year for the owner, written as the payment webhook writes it: the largest allowances a plan gives
 * (its daily requests, batches and rows), so a bench measures the sending and not the caps.
 */
export async function giveEnterpriseYear(entities: Entities, userId: string): Promise<void> {
  const paidAt = new Date().toISOString();
  await entities.payment
    .put({
      userId,
      paymentId: `tr_bench${userId.slice(0, 8)}`,
      amount: 350,
      currency: 'EUR',
      status: 'completed',
      providerStatus: 'paid',
      statusRank: 3,
      description: 'Enterprise - Annual Subscription',
      plan: 'enterprise',
      createdAt: paidAt,
      paidAt,
    })
    .go();
}

type ResponseEntity = Entities['response'];
type ResponseItem = Extract<Parameters<ResponseEntity['put']>[0], readonly unknown[]>[number];

/**
 * Responses written in bulk through the handlers' own electrodb entity, so every index key is what a real
 * submit writes: BatchWriteItem in 25s, `concurrency` calls at once (4 unless a bench says otherwise);
 * anything left unprocessed is sent again (up to 5 rounds, then the bench stops rather than measure a partly
 * seeded survey).
 */
export async function putResponses(response: ResponseEntity, items: ResponseItem[], concurrency = 4): Promise<void> {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 5) throw new Error(`seeding left ${pending.length} responses unwritten`);
    const { unprocessed } = await response.put(pending).go({ concurrency });
    const left = new Set(unprocessed.map((u) => u.responseId));
    pending = pending.filter((p) => left.has(p.responseId));
  }
}
