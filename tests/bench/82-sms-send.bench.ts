import { allowances, pathOf, requestBatchSchema, smsSegments, surveySchema } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { textMonthOf } from '@reviewroute/functions/data/text-allowance';
import type { LocalText } from '../../infra/local/sms';
import { startLocalStack } from '../../infra/local/stack';
import { createSignedInUser } from '../support/cognito';
import { giveEnterpriseYear, ownerFetcher } from './seed';

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
    const owner = await createSignedInUser(stack);
    const ownerFetch = ownerFetcher(stack.urls.api, owner.tokens.idToken);
    const { id: surveyId } = surveySchema.parse(
      await ownerFetch('POST', '/api/surveys', {
        businessName: 'Bench Text Bakery',
        businessOwnerName: 'Bea Bench',
        googleBusinessUrl: 'search.google.com/local/writereview?placeid=bench',
        supportEmail: 'bench@example.com',
      }),
    );
    await ownerFetch('POST', pathOf('publish-survey', { surveyId }));
    const entities = tableEntities(stack.env)();
    await giveEnterpriseYear(entities, owner.userId);
    // The month's credit: the plan's 2,000 texts plus what 5,000 need beyond them.
    await entities.textMonthCount
      .put({
        userId: owner.userId,
        month: textMonthOf(new Date().toISOString()),
        count: allowances.enterprise.monthlyTexts - count,
      })
      .go();

    const numberOf = (i: number) => `+3161${String(1_000_000 + i).padStart(7, '0')}`;
    const rows = Array.from({ length: count }, (_, i) => ({
      name: `Customer ${i}`,
      phone: numberOf(i),
      language: i % 2 ? 'nl' : 'en',
    }));
    const texted = async (): Promise<LocalText[]> =>
      ((await (await fetch(`${stack.urls.sms}/texts`)).json()) as { texts: LocalText[] }).texts.filter((t) =>
        t.to.startsWith('+3161'),
      );

    const started = performance.now();
    const batch = requestBatchSchema.parse(
      await ownerFetch('POST', pathOf('create-request-batch', { surveyId }), { rows, permissionConfirmed: true }),
    );
    const accepted = performance.now();
    let texts: LocalText[] = [];
    while (performance.now() - started < timeoutMs) {
      texts = await texted();
      if (texts.length >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const seconds = (performance.now() - started) / 1000;
    texts = await texted();
    const perNumber = new Map<string, number>();
    for (const t of texts) perNumber.set(t.to, (perNumber.get(t.to) ?? 0) + 1);
    const duplicates = [...perNumber.values()].reduce((sum, n) => sum + (n - 1), 0);
    // Rows alternate English and Dutch: the default text of each with its real short links.
    const segmentsIn = (prefix: string) =>
      Math.max(0, ...texts.filter((t) => t.body.startsWith(prefix)).map((t) => smsSegments(t.body).segments));
    const en = segmentsIn('Thanks for visiting us!');
    const nl = segmentsIn('Bedankt voor je bezoek!');

    console.error(
      `(batch ${batch.id}: the upload answered in ${((accepted - started) / 1000).toFixed(1)} s; ` +
        `${perNumber.size} of ${count} numbers texted; e.g. ${JSON.stringify(texts[0]?.body ?? '')})`,
    );
    if (perNumber.size < count)
      console.log(`sms-send-5000: incomplete (${perNumber.size} of ${count} after ${seconds.toFixed(0)} s)`);
    else console.log(`sms-send-5000: ${seconds.toFixed(1)} s`);
    console.log(`sms-send-5000-duplicates: ${duplicates}`);
    console.log(`sms-segments-default: ${Math.max(en, nl)} segments (en ${en}, nl ${nl})`);
  } finally {
    await stack.stop();
  }
}
