import { allowances, smsSegments } from '@reviewroute/shared';
import { textMonthOf } from '@reviewroute/functions/data/text-allowance';
import type { LocalText } from '../../infra/local/sms';
import { startLocalStack } from '../../infra/local/stack';
import { sendBenchBatch } from './send-batch';

/**
 * Review requests by text at the size of the largest upload (decisions 25): a 5,000-row batch of mobile numbers
 * created through the owner API (as the page sends a CSV), sent by the requests worker on the local stack's timer
 * through the real End User Messaging SMS client to the local SMS service. Figures: seconds from the upload's
 * request to the 5,000th text at the local endpoint; texts beyond the first per number (goal: 0; each customer is
 * claimed before their text); and the segments of the default text with its real short links and opt-out line
 * (the larger of English and Dutch; goal 1). The owner holds an Enterprise year (5,000 requests a day), and its
 * month starts with a seeded credit of texts, as no plan texts 5,000 a month (Enterprise: 2,000). Its stack texts
 * at any hour (the sending hours have tests of their own). Printed, never asserted.
 */

const count = 5000;
const timeoutMs = 15 * 60_000;

export async function run(): Promise<void> {
  const stack = await startLocalStack({
    web: false,
    persist: false,
    handlerLogLevel: 'ERROR',
    // The owner is minutes old: without this, the first week's ramp-up (decisions 26) holds it to 50 a day. The
    // bench measures sending, not the sending hours (their tests do): texts may go at any hour of its run.
    env: { REQUEST_RAMP_UP_DAYS: '0', SMS_SENDING_HOURS: '0-24' },
  });
  try {
    const sent = await sendBenchBatch(stack, {
      businessName: 'Bench Text Bakery',
      count,
      contactOf: (i) => ({ phone: `+3161${String(1_000_000 + i).padStart(7, '0')}` }),
      arrived: async () =>
        ((await (await fetch(`${stack.urls.sms}/texts`)).json()) as { texts: LocalText[] }).texts.filter((t) =>
          t.to.startsWith('+3161'),
        ),
      customerOf: (text) => text.to,
      timeoutMs,
      // The month's credit: the plan's 2,000 texts plus what 5,000 need beyond them.
      prepare: async (entities, userId) => {
        await entities.textMonthCount
          .put({
            userId,
            month: textMonthOf(new Date().toISOString()),
            count: allowances.enterprise.monthlyTexts - count,
          })
          .go();
      },
    });
    const texts = sent.messages;
    // Rows alternate English and Dutch: the default text of each with its real short links.
    const segmentsIn = (prefix: string) =>
      Math.max(0, ...texts.filter((t) => t.body.startsWith(prefix)).map((t) => smsSegments(t.body).segments));
    const en = segmentsIn('Thanks for visiting us!');
    const nl = segmentsIn('Bedankt voor je bezoek!');

    console.error(
      `(batch ${sent.batchId}: the upload answered in ${sent.uploadSeconds.toFixed(1)} s; ` +
        `${sent.reached} of ${count} numbers texted; e.g. ${JSON.stringify(texts[0]?.body ?? '')})`,
    );
    if (sent.reached < count)
      console.log(`sms-send-5000: incomplete (${sent.reached} of ${count} after ${sent.seconds.toFixed(0)} s)`);
    else console.log(`sms-send-5000: ${sent.seconds.toFixed(1)} s`);
    console.log(`sms-send-5000-duplicates: ${sent.duplicates}`);
    console.log(`sms-segments-default: ${Math.max(en, nl)} segments (en ${en}, nl ${nl})`);
  } finally {
    await stack.stop();
  }
}
