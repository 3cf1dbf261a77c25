import { describe, expect, it } from 'vitest';
import { mailtoHref, replyHref, smsHref } from './request-templates';

describe('send-request links', () => {
  it('prefill subject and body of a mail without a recipient', () => {
    expect(mailtoHref('How was it?', 'Hi & thanks: https://x.test/s/a?b=1')).toBe(
      'mailto:?subject=How%20was%20it%3F&body=Hi%20%26%20thanks%3A%20https%3A%2F%2Fx.test%2Fs%2Fa%3Fb%3D1',
    );
  });
  it('prefill the body of an SMS', () => {
    expect(smsHref('Share: https://x.test')).toBe('sms:?&body=Share%3A%20https%3A%2F%2Fx.test');
  });
});

describe('reply link', () => {
  it('addresses the customer and no one else, whatever the stored address holds', () => {
    expect(replyHref('lena+shop@example.com')).toBe('mailto:lena%2Bshop@example.com');
    for (const address of ['x@y.z?cc=a%40evil.com', 'x@y.z&bcc=a@evil.com', 'x@y.z,a@evil.com', 'x@y.z#?cc=a']) {
      const url = new URL(replyHref(address));
      expect(url.protocol, address).toBe('mailto:');
      expect(url.search, address).toBe('');
      expect(url.hash, address).toBe('');
      expect(url.pathname, address).not.toMatch(/[,;]/);
      expect(decodeURIComponent(url.pathname.replace(/@(?=[^@]*$)/, '%40')), address).toBe(address);
    }
  });
});
