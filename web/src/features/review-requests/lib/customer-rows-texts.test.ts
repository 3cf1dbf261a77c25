import { describe, expect, it } from 'vitest';
import { smsCountryRefused } from '@reviewroute/shared';
import { checkRow, messageKeyOf } from './customer-rows';

describe('customer rows of mobile numbers (decisions 25)', () => {
  it('refuses only a number outside the text allowlist with no address, with its own message', () => {
    const abroad = checkRow({ name: 'Sam', email: '', phone: '+1 415 555 2671', language: '' });
    expect(abroad.value).toBeUndefined();
    expect(abroad.errors).toEqual({ phone: smsCountryRefused });
    expect(messageKeyOf(abroad.errors.phone)).toBe('phoneCountryNotAllowed');
    // With an address the customer is e-mailed instead; a Belgian or British number is texted.
    expect(
      checkRow({ name: 'Sam', email: 'sam@example.com', phone: '+1 415 555 2671', language: '' }).value,
    ).toBeTruthy();
    expect(checkRow({ name: 'Lotte', email: '', phone: '+32 470 12 34 56', language: '' }).value).toBeTruthy();
    expect(checkRow({ name: 'Jane', email: '', phone: '+44 7400 123456', language: '' }).value).toBeTruthy();
  });
});
