import { pathOf, requestBatchSchema, surveySchema } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { startLocalStack } from '../../infra/local/stack';
import { createSignedInUser } from '../support/cognito';
import { listMails } from '../support/inbox';
import { giveEnterpriseYear, ownerFetcher } from './seed';

/**
 * E-mail review requests at the size of the largest upload: a batch of 5,000 customers created through the
 * owner API (as the page sends a CSV), sent by the requests worker on the local stack's timer through the SES
 * emulator. Figures: seconds from the upload's request to the 5,000th mail in the local inbox, and the number of
 * mails beyond the first per address (goal: 0; each customer is claimed before their mail). The owner holds an
 * Enterprise year (its daily cap is 5,000); the local send rate is the stack's REVIEW_REQUEST_SEND_RATE.
 * Printed, never asserted.
 */

const count = 5000;
/** The whole batch must be out within this, or the bench reports what it counted. */
const timeoutMs = 15 * 60_000;

export async function run(): Promise<void> {
  const stack = await startLocalStack({
    web: false,
    persist: false,
    handlerLogLevel: 'ERROR',
    // The owner is minutes old: without this, the first week's ramp-up (decisions 26) holds it to 50 a day.
    env: { REQUEST_RAMP_UP_DAYS: '0' },
  });
  try {
    const owner = await createSignedInUser(stack);
    const ownerFetch = ownerFetcher(stack.urls.api, owner.tokens.idToken);
    const { id: surveyId } = surveySchema.parse(
      await ownerFetch('POST', '/api/surveys', {
        businessName: 'Bench Request Bakery',
        businessOwnerName: 'Bea Bench',
        googleBusinessUrl: 'search.google.com/local/writereview?placeid=bench',
        supportEmail: 'bench@example.com',
      }),
    );
    await ownerFetch('POST', pathOf('publish-survey', { surveyId }));
    // An Enterprise year, written as the payment webhook writes it: the plan's cap lets all 5,000 go today.
    await giveEnterpriseYear(tableEntities(stack.env)(), owner.userId);

    const addressOf = (i: number) => `bench-${i}@customer.example`;
    const rows = Array.from({ length: count }, (_, i) => ({
      name: `Customer ${i}`,
      email: addressOf(i),
      language: i % 2 ? 'nl' : 'en',
    }));
    const mailed = async () =>
      (await listMails(stack.urls.inbox)).flatMap((m) => m.destination.to).filter((to) => to.startsWith('bench-'));

    const started = performance.now();
    const batch = requestBatchSchema.parse(
      await ownerFetch('POST', pathOf('create-request-batch', { surveyId }), { rows, permissionConfirmed: true }),
    );
    const accepted = performance.now();
    let delivered: string[] = [];
    while (performance.now() - started < timeoutMs) {
      delivered = await mailed();
      if (delivered.length >= count) break;
      // Each look reads the whole store (megabytes at the end): once a second is enough for a figure in seconds.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const seconds = (performance.now() - started) / 1000;
    // Whatever is still on its way arrives now or never: one more look before counting duplicates.
    delivered = await mailed();
    const perAddress = new Map<string, number>();
    for (const to of delivered) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const duplicates = [...perAddress.values()].reduce((sum, n) => sum + (n - 1), 0);

    console.error(
      `(batch ${batch.id}: the upload answered in ${((accepted - started) / 1000).toFixed(1)} s; ` +
        `${perAddress.size} of ${count} addresses mailed)`,
    );
    if (perAddress.size < count)
      console.log(`requests-send-5000: incomplete (${perAddress.size} of ${count} after ${seconds.toFixed(0)} s)`);
    else console.log(`requests-send-5000: ${seconds.toFixed(1)} s`);
    console.log(`requests-send-5000-duplicates: ${duplicates}`);
  } finally {
    await stack.stop();
  }
}
