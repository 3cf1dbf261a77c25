import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { pathOf, requestBatchSchema, requestRecipientPageSchema } from '@reviewroute/shared';
import { createSampleSurvey, ownerCall, publishSurvey } from '../support/api';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { waitForMail } from '../support/inbox';

const stack = inject('localStack');

/** The unsubscribe page's texts, exactly as web/src/locales/nl/common.json has them. */
const nl = {
  title: 'Afmelden voor reviewverzoeken',
  confirm: 'Afmelden',
  doneTitle: 'Je bent afgemeld',
};

describe('a customer unsubscribes from the link in a review request', () => {
  const b = useBrowser({ locale: 'nl-NL', reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });

  it('opens the footer link of a Dutch request, confirms, and the next batch skips the address with why', async () => {
    const owner = await createSignedInUser(stack);
    const survey = await publishSurvey(
      owner,
      (await createSampleSurvey(owner, 'Bakkerij Afmeld', { language: 'nl' })).id,
    );
    const email = `klant-${randomUUID().slice(0, 8)}@klant.example`;
    const rows = [{ name: 'Piet Klant', email, language: 'nl' }];
    const batchesPath = pathOf('create-request-batch', { surveyId: survey.id });
    await ownerCall(stack.urls.api, owner, 'POST', batchesPath, { rows, permissionConfirmed: true });
    const mail = await waitForMail(stack.urls.inbox, email, { timeoutMs: 20_000 });

    // The footer's link: the app's page in the mail's language (a person's click, not the one-click POST).
    const link = /Afmelden: (\S+)/.exec(mail.body.text ?? '')?.[1];
    expect(link).toMatch(/\/nl\/unsubscribe\/[\w-]{46}$/);
    const page = b.page();
    await page.goto(new URL(link!).pathname);
    await page.getByRole('heading', { level: 1, name: nl.title }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: nl.confirm }).click();
    await page.getByRole('heading', { level: 1, name: nl.doneTitle }).waitFor();
    await expectNoAxeViolations(page);

    // The owner's next batch (for another survey) skips the address and says why: unsubscribed.
    const other = await publishSurvey(owner, (await createSampleSurvey(owner, 'Bakkerij Twee', { language: 'nl' })).id);
    const second = requestBatchSchema.parse(
      await ownerCall(stack.urls.api, owner, 'POST', pathOf('create-request-batch', { surveyId: other.id }), {
        rows,
        permissionConfirmed: true,
      }),
    );
    const recipients = async () =>
      requestRecipientPageSchema.parse(
        await ownerCall(
          stack.urls.api,
          owner,
          'GET',
          pathOf('list-request-recipients', { surveyId: other.id, batchId: second.id }),
        ),
      ).recipients;
    await expect
      .poll(async () => (await recipients()).map((r) => [r.state, r.reason]), { timeout: 20_000, interval: 200 })
      .toEqual([['skipped', 'unsubscribed']]);
  });
});
