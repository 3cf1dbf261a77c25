import { startLocalStack } from '../../infra/local/stack';
import { listMails } from '../support/inbox';
import { sendBenchBatch } from './send-batch';

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
    const sent = await sendBenchBatch(stack, {
      businessName: 'Bench Request Bakery',
      count,
      contactOf: (i) => ({ email: `bench-${i}@customer.example` }),
      arrived: async () =>
        (await listMails(stack.urls.inbox)).flatMap((m) => m.destination.to).filter((to) => to.startsWith('bench-')),
      customerOf: (to) => to,
      timeoutMs,
    });

    console.error(
      `(batch ${sent.batchId}: the upload answered in ${sent.uploadSeconds.toFixed(1)} s; ` +
        `${sent.reached} of ${count} addresses mailed)`,
    );
    if (sent.reached < count)
      console.log(`requests-send-5000: incomplete (${sent.reached} of ${count} after ${sent.seconds.toFixed(0)} s)`);
    else console.log(`requests-send-5000: ${sent.seconds.toFixed(1)} s`);
    console.log(`requests-send-5000-duplicates: ${sent.duplicates}`);
  } finally {
    await stack.stop();
  }
}
