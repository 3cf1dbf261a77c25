import { describe, expect, inject, it } from 'vitest';
import { pagePath, type SendingHealthState } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { createDynamoReviewRequestStore } from '@reviewroute/functions/data/review-requests';
import { createSampleSurvey, publishSurvey } from '../support/api';
import { signInThroughUi, type Lang } from '../support/app-flows';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';

/**
 * A paused owner on the Review requests page (decisions 26): the banner says why, with the figures of their last
 * sends (4 hard bounces of 60) and the limit, that nothing goes out meanwhile, and the way back; the first pause
 * may be resumed once the owner says the list is clean. Texts exactly as web/src/locales/{en,nl}/requests.json
 * have them.
 */
const stack = inject('localStack');

const texts = {
  en: {
    title: 'Your review requests are paused',
    figures: '4 of your last 60 requests bounced as undeliverable (6.7%). At 5% we pause',
    waiting: 'Nothing is sent meanwhile; batches you create now wait until sending resumes.',
    cleaned: 'I cleaned my customer list',
    resume: 'Resume sending',
    resumed: 'Sending resumed. Waiting batches go out shortly.',
  },
  nl: {
    title: 'Je reviewverzoeken zijn gepauzeerd',
    figures: '4 van je laatste 60 verzoeken kwamen onbezorgbaar terug (6,7%). Bij 5% pauzeren we',
    waiting: 'Intussen wordt er niets verstuurd; batches die je nu aanmaakt, wachten tot het versturen weer loopt.',
    cleaned: 'Ik heb mijn klantenlijst opgeschoond',
    resume: 'Versturen hervatten',
    resumed: 'Versturen hervat. Wachtende batches gaan zo de deur uit.',
  },
} satisfies Record<Lang, Record<string, string>>;

/** The owner's mail channel as the reputation guard leaves it after 4 hard bounces among their last 60 requests. */
const pausedAfterBounces = (pausedAt: string): SendingHealthState => ({
  recent: `${'.'.repeat(56)}ffff`,
  pausedAt,
  pauses: 1,
  pause: { cause: 'failed', sends: 60, failed: 4, complained: 0 },
  resumedAt: null,
});

describe('a paused owner on the review requests page', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });

  for (const lang of ['en', 'nl'] as const) {
    it(`sees why, with the figures, and resumes once the list is clean (${lang})`, async () => {
      const t = texts[lang];
      const owner = await createSignedInUser(stack, { locale: lang });
      await publishSurvey(owner, (await createSampleSurvey(owner, 'Bakkerij Pauze', { language: lang })).id);
      await createDynamoReviewRequestStore(tableEntities(stack.env)).updateSendingHealth(owner.userId, 'mail', () =>
        pausedAfterBounces(new Date().toISOString()),
      );

      const page = b.page();
      await signInThroughUi(page, lang, owner);
      await page.goto(pagePath('reviewRequests', lang));
      const banner = page.getByTestId('sending-paused-banner');
      await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => banner.getByText(t.title).isVisible()).toBe(true);
      const text = await banner.textContent();
      expect(text).toContain(t.figures);
      expect(text).toContain(t.waiting);
      const resume = banner.getByRole('button', { name: t.resume });
      expect(await resume.isDisabled()).toBe(true);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `tests/.artifacts/requests-paused-${lang}-1280.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => banner.isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `tests/.artifacts/requests-paused-${lang}-390.png`, { fullPage: true });

      await banner.getByLabel(t.cleaned).check();
      await resume.click();
      await expect.poll(() => page.getByText(t.resumed).isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => banner.count()).toBe(0);
    });
  }
});
