import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, parsePhoneNumber, phoneNumberMessages } from './phone-number';

const invalid = { ok: false, message: phoneNumberMessages.invalid };

describe('parsePhoneNumber', () => {
  it.each([
    // Dutch mobiles as people write them: national, with the country code, with the international prefix.
    ['06 12345678', '+31612345678', 'NL'],
    ['06-1234 5678', '+31612345678', 'NL'],
    ['(06) 12 34 56 78', '+31612345678', 'NL'],
    ['+31 6 12345678', '+31612345678', 'NL'],
    ['+31 (0)6 12345678', '+31612345678', 'NL'],
    ['0031 6 1234 5678', '+31612345678', 'NL'],
    // As a spreadsheet leaves it: the leading zero dropped, or the country code without its +.
    ['612345678', '+31612345678', 'NL'],
    ['31612345678', '+31612345678', 'NL'],
    // Belgian, German and British mobiles with their country code (by + or 00).
    ['+32 470 12 34 56', '+32470123456', 'BE'],
    ['0032 470 12 34 56', '+32470123456', 'BE'],
    ['+49 151 23456789', '+4915123456789', 'DE'],
    ['+44 7400 123456', '+447400123456', 'GB'],
  ])('reads %s as %s (%s)', (input, e164, country) => {
    expect(parsePhoneNumber(input)).toEqual({ ok: true, e164, country });
  });

  it('reads a number without a country code in the region given', () => {
    expect(parsePhoneNumber('0470 12 34 56', 'BE')).toEqual({ ok: true, e164: '+32470123456', country: 'BE' });
    expect(parsePhoneNumber('07400 123456', 'GB')).toEqual({ ok: true, e164: '+447400123456', country: 'GB' });
    // The Dutch reading of a British national number is no Dutch mobile.
    expect(parsePhoneNumber('07400 123456')).toEqual(invalid);
    // An unknown region reads only numbers with a country code.
    expect(parsePhoneNumber('+32 470 12 34 56', 'XX')).toMatchObject({ ok: true, country: 'BE' });
    expect(parsePhoneNumber('06 12345678', 'XX')).toEqual(invalid);
  });

  it.each([
    ['garbage'],
    [''],
    ['   '],
    ['06-1234'],
    ['06 1234 5678 9'],
    ['+31'],
    ['+999 1234 5678'],
    // Landlines cannot receive a text.
    ['020 123 4567'],
    ['+32 2 123 45 67'],
    // An address in the wrong column, a name, letters around a number, an extension.
    ['anna@example.com'],
    ['Anna de Vries'],
    ['tel 06 12345678'],
    ['06 12345678 ext. 12'],
    ['0'.repeat(41)],
  ])('refuses %j with the message to show', (input) => {
    expect(parsePhoneNumber(input)).toEqual(invalid);
  });

  it('never throws and answers fast, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: fc.constantFrom(...'0123456789 +-()./'), maxLength: 200 }),
          fc.string({ unit: 'binary', maxLength: 100 }),
        ),
        (input) => {
          const result = parsePhoneNumber(input);
          if (result.ok) expect(result.e164).toMatch(/^\+[1-9]\d{6,14}$/);
          else expect(result.message).toBe(phoneNumberMessages.invalid);
        },
      ),
      { numRuns: 2000 },
    );
    // Pathological input: a megabyte of digits, of separators, of plus signs.
    for (const input of ['6'.repeat(1_000_000), ' -'.repeat(500_000), '+'.repeat(1_000_000)]) {
      const started = Date.now();
      expect(parsePhoneNumber(input)).toEqual(invalid);
      expect(Date.now() - started).toBeLessThan(50);
    }
  });
});

describe('formatPhoneNumber', () => {
  it('writes a stored number with its country code and the country’s grouping', () => {
    expect(formatPhoneNumber('+31612345678')).toBe('+31 6 12345678');
    expect(formatPhoneNumber('+32470123456')).toBe('+32 470 12 34 56');
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });
});
