import { describe, expect, it } from 'vitest';
import { isEuVatNumber, normalizeVatNumber, vatCountryOf, vatNumberPatterns } from './vat-number';

/** One number in each member state's format (the VIES examples' shapes), prefix included. */
const valid: Record<keyof typeof vatNumberPatterns, string[]> = {
  AT: ['ATU12345678'],
  BE: ['BE0123456789', 'BE1234567890'],
  BG: ['BG123456789', 'BG1234567890'],
  CY: ['CY12345678X'],
  CZ: ['CZ12345678', 'CZ123456789', 'CZ1234567890'],
  DE: ['DE123456789'],
  DK: ['DK12345678'],
  EE: ['EE123456789'],
  EL: ['EL123456789'],
  ES: ['ESX1234567X', 'ESA12345678', 'ES12345678Z'],
  FI: ['FI12345678'],
  FR: ['FR12345678901', 'FRAB123456789', 'FR1A123456789'],
  HR: ['HR12345678901'],
  HU: ['HU12345678'],
  IE: ['IE1234567T', 'IE1234567WA', 'IE1A23456T', 'IE1+23456T'],
  IT: ['IT12345678901'],
  LT: ['LT123456789', 'LT123456789012'],
  LU: ['LU12345678'],
  LV: ['LV12345678901'],
  MT: ['MT12345678'],
  NL: ['NL123456789B01', 'NL000099998B57'],
  PL: ['PL1234567890'],
  PT: ['PT123456789'],
  RO: ['RO12', 'RO1234567890'],
  SE: ['SE123456789001'],
  SI: ['SI12345678'],
  SK: ['SK1234567890'],
  XI: ['XI123456789', 'XI123456789012', 'XIGD123', 'XIHA567'],
};

const invalid = [
  '',
  'NL',
  'NL123456789',
  'NL123456789X01',
  'NL12345678B01',
  'DE12345678',
  'DE1234567890',
  'ATU1234567',
  'AT12345678',
  'BE2123456789',
  'GR123456789', // Greece's prefix is EL
  'GB123456789', // not in the EU since 2021
  'US123456789',
  'ES123456789', // at least one letter
  'FRIO123456789', // I and O are not used in the key
  'RO0123',
  'SE123456789012',
  '123456789B01', // no country prefix
];

describe('EU VAT number formats', () => {
  it('accepts a number in each member state’s format', () => {
    for (const [country, numbers] of Object.entries(valid))
      for (const number of numbers) {
        expect(isEuVatNumber(number), number).toBe(true);
        expect(vatCountryOf(number)).toBe(country);
      }
  });

  it('covers every member state and Northern Ireland', () => {
    expect(Object.keys(vatNumberPatterns)).toHaveLength(28);
  });

  it('refuses what no member state issues', () => {
    for (const number of invalid) expect(isEuVatNumber(number), number).toBe(false);
  });

  it('reads a number as people type it: spaces, dots, hyphens and lower case', () => {
    expect(normalizeVatNumber(' nl 1234.56789-b01 ')).toBe('NL123456789B01');
    expect(isEuVatNumber('nl 123456789 b01')).toBe(true);
    expect(isEuVatNumber('DE 123 456 789')).toBe(true);
  });
});
