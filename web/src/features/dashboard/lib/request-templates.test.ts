import { describe, expect, it } from 'vitest';
import { mailtoHref, smsHref } from './request-templates';

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
