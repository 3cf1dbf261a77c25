import { describe, expect, it } from 'vitest';
import {
  defaultSmsCountries,
  isSmsCountryAllowed,
  isWithinSmsHours,
  nextSmsSendTime,
  senderIdOf,
  smsCountriesOf,
  smsOriginatorOf,
  smsSendingHoursOf,
  smsTimeZoneOf,
} from './sms-rules';

const at = (iso: string) => Date.parse(iso);

describe('the country allowlist', () => {
  it('is the EU, the EEA and the UK unless configured', () => {
    const allowed = smsCountriesOf(undefined);
    expect(allowed.size).toBe(31);
    for (const c of ['NL', 'BE', 'DE', 'NO', 'IS', 'LI', 'GB']) expect(isSmsCountryAllowed(c, allowed)).toBe(true);
    for (const c of ['US', 'CH', 'TR', 'RU', 'NG']) expect(isSmsCountryAllowed(c, allowed)).toBe(false);
    expect(isSmsCountryAllowed(null, allowed)).toBe(false);
    expect(defaultSmsCountries).toContain('NL');
  });

  it('takes the configured list, dropping what is no country code', () => {
    const allowed = smsCountriesOf('nl, BE de;x USA');
    expect([...allowed].sort()).toEqual(['BE', 'NL']);
    expect(isSmsCountryAllowed('DE', allowed)).toBe(false);
    expect(smsCountriesOf('  ').size).toBe(defaultSmsCountries.length);
  });
});

describe('the sending hours', () => {
  it("are 09:00 to 20:00 in the customer's zone", () => {
    const tz = 'Europe/Amsterdam';
    // 08:59 and 20:00 Amsterdam (winter: UTC+1) are outside; 09:00 and 19:59 inside.
    expect(isWithinSmsHours(at('2026-01-15T07:59:00Z'), tz)).toBe(false);
    expect(isWithinSmsHours(at('2026-01-15T08:00:00Z'), tz)).toBe(true);
    expect(isWithinSmsHours(at('2026-01-15T18:59:59Z'), tz)).toBe(true);
    expect(isWithinSmsHours(at('2026-01-15T19:00:00Z'), tz)).toBe(false);
  });

  it('lets a send inside them go now, and moves one outside to the next local 09:00', () => {
    const tz = 'Europe/Amsterdam';
    const noon = at('2026-06-10T10:00:00Z');
    expect(nextSmsSendTime(noon, tz)).toBe(noon);
    // 22:00 Amsterdam summer time (UTC+2) waits until 09:00 the next morning, 07:00 UTC.
    expect(new Date(nextSmsSendTime(at('2026-06-10T20:00:00Z'), tz)).toISOString()).toBe('2026-06-11T07:00:00.000Z');
    // 06:30 waits until 09:00 the same day.
    expect(new Date(nextSmsSendTime(at('2026-06-10T04:30:12.345Z'), tz)).toISOString()).toBe(
      '2026-06-10T07:00:00.000Z',
    );
  });

  it('lands on 09:00 local across the changes to and from summer time', () => {
    const tz = 'Europe/Amsterdam';
    // The night of 28-29 March 2026 loses an hour: 22:00 CET -> 09:00 CEST = 07:00 UTC.
    expect(new Date(nextSmsSendTime(at('2026-03-28T21:00:00Z'), tz)).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    // The night of 24-25 October 2026 gains one: 22:00 CEST -> 09:00 CET = 08:00 UTC.
    expect(new Date(nextSmsSendTime(at('2026-10-24T20:00:00Z'), tz)).toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('takes configured hours (the test stacks: any time), else 09:00-20:00', () => {
    expect(smsSendingHoursOf('0-24')).toEqual({ from: 0, until: 24 });
    expect(isWithinSmsHours(at('2026-01-15T02:00:00Z'), 'Europe/Amsterdam', smsSendingHoursOf('0-24'))).toBe(true);
    expect(nextSmsSendTime(at('2026-01-15T21:00:00Z'), 'Europe/Amsterdam', { from: 8, until: 21 })).toBe(
      at('2026-01-16T07:00:00Z'),
    );
    for (const bad of [undefined, '', '20-9', '9-25', 'always', '9 - 20'])
      expect(smsSendingHoursOf(bad)).toEqual({ from: 9, until: 20 });
  });

  it("times a number by its country's main zone, Amsterdam's when unknown", () => {
    expect(smsTimeZoneOf('GB')).toBe('Europe/London');
    expect(smsTimeZoneOf('fi')).toBe('Europe/Helsinki');
    expect(smsTimeZoneOf(null)).toBe('Europe/Amsterdam');
    expect(smsTimeZoneOf('ZZ')).toBe('Europe/Amsterdam');
    // 08:30 in London is 09:30 in Amsterdam: a British customer still waits.
    expect(isWithinSmsHours(at('2026-01-15T08:30:00Z'), smsTimeZoneOf('GB'))).toBe(false);
    expect(new Date(nextSmsSendTime(at('2026-01-15T08:30:00Z'), 'Europe/London')).toISOString()).toBe(
      '2026-01-15T09:00:00.000Z',
    );
  });
});

describe('the sender', () => {
  it("makes an 11-character GSM sender ID of the business's name", () => {
    expect(senderIdOf('Bakkerij Jansen & Zonen')).toBe('Bakkerij Ja');
    expect(senderIdOf('Café Ümlaut')).toBe('Cafe Umlaut');
    expect(senderIdOf('  Kapsalon   Anna ')).toBe('Kapsalon An');
    expect(senderIdOf('Bo')).toBe('Bo');
    expect(senderIdOf('12345')).toBe('');
    expect(senderIdOf('北京饭店')).toBe('');
  });

  it('uses the sender ID where the country shows one, else the configured number', () => {
    expect(smsOriginatorOf('NL', 'Bakkerij Jansen', '+3197010000000')).toEqual({
      originator: 'Bakkerij Ja',
      kind: 'sender-id',
    });
    expect(smsOriginatorOf('BE', 'Bakkerij Jansen', '+3197010000000')).toEqual({
      originator: '+3197010000000',
      kind: 'number',
    });
    expect(smsOriginatorOf('NL', '北京饭店', '+3197010000000')?.kind).toBe('number');
    expect(smsOriginatorOf('BE', 'Bakkerij', null)).toBeNull();
  });
});
