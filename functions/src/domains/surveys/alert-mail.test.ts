import { describe, expect, it } from 'vitest';
import { composeLowRatingAlert, switchOffUrlOf } from './alert-mail';

const base = {
  surveyId: 's 1',
  businessName: 'Bakery & Co',
  rating: 2,
  comment: 'Cold <script>alert(1)</script> coffee',
  createdAt: '2026-11-26T05:01:30.000Z',
  to: 'owner@bakery.example',
  from: 'no-reply@reviewroute.example',
  helpEmail: 'support@reviewroute.example',
  siteOrigin: 'https://reviewroute.example/',
  switchOffUrl: 'https://reviewroute.example/alerts/k7m2p9qx-sig',
};

describe('the low-rating alert mail', () => {
  it('in English: rating, comment, contact details and a button to the survey inbox, the comment escaped in HTML', () => {
    const mail = composeLowRatingAlert({
      ...base,
      language: 'en',
      customerName: 'Ann',
      customerEmail: 'ann@customer.example',
    });
    expect(mail).toMatchObject({
      from: base.from,
      to: base.to,
      replyTo: 'ann@customer.example',
      subject: 'Low rating for Bakery & Co: 2/5',
    });
    for (const part of [
      'A customer rated Bakery & Co 2 out of 5',
      'Rating: ★★☆☆☆ (2/5)',
      'Name: Ann',
      'E-mail: ann@customer.example',
      // The business's time (Amsterdam, UTC+1 in November), as every page writes it.
      'Received: 26 Nov 2026, 06:01',
      'Cold <script>alert(1)</script> coffee',
      'Open in inbox: https://reviewroute.example/inbox?survey=s%201',
      'Turn them off with one click: https://reviewroute.example/alerts/k7m2p9qx-sig',
      'Questions? Email us at support@reviewroute.example.',
    ])
      expect(mail.text).toContain(part);
    expect(mail.html).toContain('Cold &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<strong>2</strong>');
    expect(mail.html).toMatch(/<a href="https:\/\/reviewroute.example\/inbox\?survey=s%201"[^>]*>Open in inbox<\/a>/);
  });

  it('in Dutch, under /nl, and without contact rows or Reply-To when the customer left none', () => {
    const mail = composeLowRatingAlert({ ...base, language: 'nl', rating: 1, comment: undefined });
    expect(mail.subject).toBe('Lage beoordeling voor Bakery & Co: 1/5');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain('Een klant gaf Bakery & Co 1 van de 5 sterren');
    expect(mail.text).toContain('Openen in inbox: https://reviewroute.example/nl/inbox?survey=s%201');
    expect(mail.text).not.toContain('Naam:');
    expect(mail.text).not.toContain('E-mail:');
    expect(mail.text).toContain('Zet ze met één klik uit: https://reviewroute.example/alerts/k7m2p9qx-sig');
    expect(mail.text).toContain('Ontvangen: 26 nov 2026, 06:01');
    expect(mail.text).toContain('Vragen? Mail ons op support@reviewroute.example.');
    expect(mail.text).not.toContain('UTC');
  });

  it('links the footer to the signed switch-off page, or to the routing step when no mail-link key is configured', async () => {
    const survey = { id: 's1', userId: 'owner-1', surveyCode: 'k7m2p9qx' };
    expect(await switchOffUrlOf(async () => 'key', 'https://reviewroute.example', 'nl', survey)).toMatch(
      /^https:\/\/reviewroute\.example\/nl\/alerts\/k7m2p9qx-[\w-]{43}$/,
    );
    expect(await switchOffUrlOf(async () => undefined, 'https://reviewroute.example', 'en', survey)).toBe(
      'https://reviewroute.example/review-routing-setup?survey=s1',
    );
  });
});
