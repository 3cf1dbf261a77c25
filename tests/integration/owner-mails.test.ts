import { randomUUID } from 'node:crypto';
import { ConfirmForgotPasswordCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createPaymentResponseSchema, pathOf } from '@reviewroute/shared';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiUser } from '../support/api';
import { cognitoClient, createSignedInUser } from '../support/cognito';
import { extractCode, listMails, waitForMail } from '../support/inbox';

/**
 * The owner's mails (decisions 23) on the local stack, each in the owner's language and in the local inbox: a
 * 1-star response's alert (the alerts stream worker), a paid checkout's confirmation (the payments webhook)
 * and a password change's notice (the local Cognito's twin of the PostConfirmation trigger).
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
    expect(alert.body.text).toContain(`/nl/dashboard?survey=${survey.id}`);
    const alerts = (await listMails(inbox)).filter(
      (m) => m.destination.to.includes(owner.email) && m.subject.startsWith('Lage beoordeling'),
    );
    expect(alerts).toHaveLength(1);
  });

  it('sends the payment confirmation with the invoice link once the checkout is paid', async () => {
    const { paymentId, checkoutUrl } = createPaymentResponseSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-payment'), { kind: 'plan', plan: 'growth' }),
    );
    const paid = await fetch(checkoutUrl, {
      method: 'POST',
      body: new URLSearchParams({ status: 'paid', method: 'creditcard' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const mail = await waitForMail(inbox, owner.email, { subject: 'Betaling ontvangen', timeoutMs: 20_000 });
    expect(mail.subject).toBe('Betaling ontvangen: EUR 120.00');
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
  });
});
