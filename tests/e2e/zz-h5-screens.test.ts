// TEMPORARY (helper 5 screenshots) — deleted after use.
import { randomUUID } from 'node:crypto';
import { describe, inject, it } from 'vitest';
import { surveySchema } from '@reviewroute/shared';
import { useBrowser } from '../support/browser';
import { createConfirmedUser, signIn } from '../support/cognito';
import { submitSignIn, waitForPath } from '../support/app-flows';

const stack = inject('localStack');

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.urls.api}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return res.json();
}

describe.each([
  { w: 1280, h: 900, mobile: false, lang: 'en' },
  { w: 390, h: 844, mobile: true, lang: 'en' },
  { w: 390, h: 844, mobile: true, lang: 'nl' },
])('screens $w $lang', ({ w, h, mobile, lang }) => {
  const b = useBrowser({ viewport: { width: w, height: h }, isMobile: mobile, hasTouch: mobile, reducedMotion: 'reduce' });
  it('shoots', async () => {
    const owner = await createConfirmedUser(stack);
    const { idToken } = await signIn(stack, owner.email, owner.password);
    const created = surveySchema.parse(
      await call(idToken, 'POST', '/api/surveys', {
        businessName: "Anna's Bakery & Café",
        businessOwnerName: 'Anna',
        googleBusinessUrl: 'https://search.google.com/local/writereview?placeid=x',
        supportEmail: 'a@b.co',
        collectContactOnLowRating: true,
      }),
    );
    const survey = surveySchema.parse(await call(idToken, 'POST', `/api/surveys/${created.id}/publish`));
    await call(idToken, 'POST', '/api/surveys', {
      businessName: 'Draft Diner',
      businessOwnerName: 'Anna',
      googleBusinessUrl: 'https://search.google.com/local/writereview?placeid=y',
      supportEmail: 'a@b.co',
    });
    for (const [rating, comment, extra] of [
      [5, 'Best bread in town, and the coffee is great too!', {}],
      [4, 'Good, a bit slow on Saturday morning.', {}],
      [2, 'The soup was cold.', { customerName: 'Lena Low', customerEmail: 'lena@example.com' }],
    ] as const) {
      await fetch(`${stack.urls.api}/api/public/surveys/${survey.surveyCode}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `shots/${randomUUID()}` },
        body: JSON.stringify({ rating, comment, idempotencyKey: randomUUID(), elapsedMs: 4000, ...extra }),
      });
    }
    const page = b.page();
    const prefix = lang === 'nl' ? '/nl' : '';
    await page.goto(`${prefix}/auth`);
    await page.getByRole('tab', { name: lang === 'nl' ? 'Inloggen' : 'Sign in' }).click();
    await submitSignIn(page, lang as 'en', owner.email, owner.password);
    await waitForPath(page, `${prefix}/dashboard`);
    await page.goto(`${prefix}/dashboard?survey=${survey.id}`);
    await page.getByTestId('feedback-comment').nth(2).waitFor();
    await page.getByTestId('plan-badge').waitFor({ timeout: 5000 }).catch(() => undefined);
    await page.screenshot({ path: `/tmp/h5/dash-${w}-${lang}.png`, fullPage: true });
    await page.getByTestId('quick-actions').getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: `/tmp/h5/dialog-${w}-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    if (mobile) {
      await page.getByRole('button', { name: lang === 'nl' ? 'Zijbalk in- of uitklappen' : 'Toggle sidebar' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: `/tmp/h5/sheet-${w}-${lang}.png` });
    }
  });
});
