import { randomUUID } from 'node:crypto';
import { ConfirmForgotPasswordCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { tableEntities } from '@reviewroute/functions/data/client';
import { createDynamoOwnerAlertStore } from '@reviewroute/functions/data/owner-alert-store';
import { createCognitoOwnerContacts } from '@reviewroute/functions/data/owner-contacts';
import { createDynamoSurveyRepository } from '@reviewroute/functions/data/survey-repository';
import { flushDigests, type DigestDeps } from '@reviewroute/functions/domains/surveys/digests-worker';
import { mailLinkKeyOf } from '@reviewroute/functions/lib/mail-link-key';
import { ownerMailSettings } from '@reviewroute/functions/mail/owner-mail';
import { sesMailerOf } from '@reviewroute/functions/mail/ses-mailer';
import { pathOf } from '@reviewroute/shared';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiUser } from '../support/api';
import { cognitoClient, createSignedInUser } from '../support/cognito';
import { extractCode, listMails, waitForMail } from '../support/inbox';
import { createPayment, payAtCheckout } from '../support/local-mollie';

/**
 * The owner's mails (decisions 23) on the local stack, each in the owner's language and in the local inbox: a
 * 1-star response's alert (the alerts stream worker), a paid checkout's confirmation (the payments webhook)
 * and a password change's notice (the local Cognito's twin of the PostConfirmation trigger). More than 5 low
 * ratings within an hour: 5 alerts, then one digest when the hour is over (the digest worker's run is called
 * here with a clock an hour on, on the stack's own table, Cognito and inbox).
 */

const stack = inject('localStack');
const api = stack.urls.api;
const inbox = stack.urls.inbox;

describe('owner mails', () => {
  let owner: ApiUser;

  beforeAll(async () => {
    owner = await createSignedInUser(stack, { locale: 'nl' });
  });

  it("mails a 1-star response's comment and contact details to the owner, once, and nothing for a 4-star one", async () => {
    const survey = await publishSurvey(
      owner,
      (await createSampleSurvey(owner, 'Bakkerij Alert', { collectContactOnLowRating: true })).id,
    );
    const submit = (body: Record<string, unknown>) =>
      apiCall(api, 'POST', pathOf('submit-response', { surveyCode: survey.surveyCode! }), {
        body: { idempotencyKey: randomUUID(), elapsedMs: 9000, ...body },
      });
    expect((await submit({ rating: 4, comment: 'Prima' })).status).toBe(201);
    const complaint = {
      rating: 1,
      comment: 'Het brood was oud',
      customerName: 'Piet Klant',
      customerEmail: `piet-${randomUUID()}@klant.example`,
      idempotencyKey: randomUUID(),
    };
    expect((await submit(complaint)).status).toBe(201);
    // The same submit again (a retry): one response, so one alert.
    expect((await submit(complaint)).status).toBe(201);

    const alert = await waitForMail(inbox, owner.email, { subject: 'Lage beoordeling', timeoutMs: 20_000 });
    expect(alert.subject).toBe('Lage beoordeling voor Bakkerij Alert: 1/5');
    expect(alert.body.text).toContain('Het brood was oud');
    expect(alert.body.text).toContain('Piet Klant');
    expect(alert.body.text).toContain(complaint.customerEmail);
    expect(alert.body.text).toContain(`/nl/inbox?survey=${survey.id}`);
    const alerts = (await listMails(inbox)).filter(
      (m) => m.destination.to.includes(owner.email) && m.subject.startsWith('Lage beoordeling'),
    );
    expect(alerts).toHaveLength(1);
  });

  it('mails 5 of 7 low ratings within an hour one by one and the other 2 in one digest when the hour is over', async () => {
    const flooded = await createSignedInUser(stack, { locale: 'en' });
    const survey = await publishSurvey(flooded, (await createSampleSurvey(flooded, 'Flood Diner')).id);
    for (let i = 0; i < 7; i++) {
      const res = await apiCall(api, 'POST', pathOf('submit-response', { surveyCode: survey.surveyCode! }), {
        body: { idempotencyKey: randomUUID(), elapsedMs: 9000, rating: 1 + (i % 2), comment: `Complaint number ${i}` },
      });
      expect(res.status).toBe(201);
    }
    const entities = tableEntities(stack.env);
    const alerts = createDynamoOwnerAlertStore(entities);
    // The alerts worker has taken all 7 when its window counts them, 2 of them for the digest.
    await vi.waitFor(
      async () =>
        expect(await alerts.windowAt(survey.id, new Date().toISOString())).toMatchObject({ seen: 7, further: 2 }),
      { timeout: 20_000, interval: 100 },
    );
    const toOwner = async (subject: string) =>
      (await listMails(inbox)).filter((m) => m.destination.to.includes(flooded.email) && m.subject.startsWith(subject));
    await vi.waitFor(async () => expect(await toOwner('Low rating for Flood Diner')).toHaveLength(5), {
      timeout: 20_000,
      interval: 100,
    });

    const [due, ...more] = (await alerts.dueDigests('9999', 1000)).filter((d) => d.surveyId === survey.id);
    expect(more).toEqual([]);
    const deps: DigestDeps = {
      surveys: createDynamoSurveyRepository(entities),
      contacts: createCognitoOwnerContacts(stack.env),
      alerts,
      mailer: sesMailerOf(stack.env),
      ...ownerMailSettings(stack.env)!,
      siteOrigin: stack.env.SITE_ORIGIN,
      mailLinkKey: mailLinkKeyOf(stack.env),
      // A minute after the hour: this window's digest is due (and any other test's, which it sends too).
      now: () => new Date(Date.parse(due!.dueAt) + 60_000),
    };
    expect((await flushDigests(deps)).sent).toBeGreaterThanOrEqual(1);
    // Run again (an overlapping or repeated run): nothing is sent twice.
    await flushDigests(deps);
    const digests = await toOwner('Low-rating digest for Flood Diner');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Low-rating digest for Flood Diner: 2 more');
    expect(digests[0]!.body.text).toContain('Complaint number 5');
    expect(digests[0]!.body.text).toContain('Complaint number 6');
    expect(digests[0]!.body.text).not.toContain('Complaint number 4');
    expect(digests[0]!.body.text).toContain(`/inbox?survey=${survey.id}`);
    expect(await toOwner('Low rating for Flood Diner')).toHaveLength(5);
  });

  it('sends the payment confirmation with the invoice link once the checkout is paid', async () => {
    const { paymentId, checkoutUrl } = await createPayment(owner, { kind: 'plan', plan: 'growth' });
    await payAtCheckout(checkoutUrl);
    const mail = await waitForMail(inbox, owner.email, { subject: 'Betaling ontvangen', timeoutMs: 20_000 });
    expect(mail.subject).toBe('Betaling ontvangen: €\u00a0120,00');
    expect(mail.body.text).toContain(`/nl/account/invoices/${paymentId}`);
  });

  it('tells the owner their password was changed, only once it was', async () => {
    const cognito = cognitoClient(stack);
    const clientId = stack.webConfig.userPoolClientId;
    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: owner.email }));
    const code = extractCode(await waitForMail(inbox, owner.email, { subject: 'herstellen' }));
    const change = (confirmationCode: string) =>
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId,
          Username: owner.email,
          ConfirmationCode: confirmationCode,
          Password: 'N3w-password!',
        }),
      );
    await expect(change(code === '000000' ? '111111' : '000000')).rejects.toThrow();
    expect(
      (await listMails(inbox)).filter(
        (m) => m.destination.to.includes(owner.email) && m.subject.includes('wachtwoord is gewijzigd'),
      ),
    ).toEqual([]);
    await change(code);
    const notice = await waitForMail(inbox, owner.email, { subject: 'wachtwoord is gewijzigd' });
    expect(notice.subject).toBe('Je ReviewRoute-wachtwoord is gewijzigd');
    expect(notice.body.text).toContain(owner.email);
    // Help from the monitored address, never from the no-reply sender.
    expect(stack.env.SUPPORT_ADDRESS).toBe('support@reviewroute.local');
    expect(notice.body.text).toContain('mail naar support@reviewroute.local');
    expect(notice.body.text).toContain('Vragen? Mail ons op support@reviewroute.local.');
    expect(notice.body.text).not.toContain('no-reply@');
  });

  it('writes to the owner in the interface language last recorded on their profile, not the one of sign-up', async () => {
    const switched = await createSignedInUser(stack, { locale: 'en' });
    const contacts = createCognitoOwnerContacts(stack.env);
    expect(await contacts.contactOf(switched.userId)).toMatchObject({ email: switched.email, language: 'en' });
    const recorded = await ownerCall(api, switched, 'PATCH', pathOf('update-profile'), { language: 'nl' });
    // Recorded, yet the profile still reads as never saved by the owner.
    expect(recorded).toMatchObject({ language: 'nl', updatedAt: null });
    // The mails the API sends read the profile ...
    expect(await contacts.contactOf(switched.userId)).toMatchObject({ language: 'nl' });
    // ... and the password notice, sent by the Cognito trigger that reads no table, Cognito's locale, which follows it.
    const cognito = cognitoClient(stack);
    const clientId = stack.webConfig.userPoolClientId;
    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: switched.email }));
    const code = extractCode(await waitForMail(inbox, switched.email, { subject: 'herstellen' }));
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: switched.email,
        ConfirmationCode: code,
        Password: 'N3w-password!',
      }),
    );
    const notice = await waitForMail(inbox, switched.email, { subject: 'wachtwoord is gewijzigd' });
    expect(notice.subject).toBe('Je ReviewRoute-wachtwoord is gewijzigd');
  });
});
