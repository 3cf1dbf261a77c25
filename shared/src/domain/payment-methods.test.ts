import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './payment-methods';

describe('paymentMethodName', () => {
  it('names brands as their owners write them, in either language', () => {
    for (const language of ['en', 'nl'] as const) {
      expect(paymentMethodName('ideal', language)).toBe('iDEAL');
      expect(paymentMethodName('bancontact', language)).toBe('Bancontact');
      expect(paymentMethodName('paypal', language)).toBe('PayPal');
      expect(paymentMethodName('applepay', language)).toBe('Apple Pay');
    }
  });

  it('says the generic methods in each language', () => {
    expect(paymentMethodName('creditcard', 'en')).toBe('Credit card');
    expect(paymentMethodName('creditcard', 'nl')).toBe('Creditcard');
    expect(paymentMethodName('banktransfer', 'en')).toBe('SEPA bank transfer');
    expect(paymentMethodName('banktransfer', 'nl')).toBe('SEPA-overboeking');
  });

  it('keeps the id of a method it does not know, and never reads an object key as a name', () => {
    expect(paymentMethodName('newmethod', 'nl')).toBe('newmethod');
    expect(paymentMethodName('toString', 'en')).toBe('toString');
  });
});
