import { describe, expect, it } from 'vitest';
import { passwordPolicy, passwordRuleResults } from './auth';

const unmet = (password: string) =>
  passwordRuleResults(password)
    .filter((r) => !r.met)
    .map((r) => r.rule);

describe('passwordRuleResults', () => {
  it('lists every rule the policy turns on, all unmet for an empty password', () => {
    expect(unmet('')).toEqual(['minLength', 'lowercase', 'uppercase', 'digit', 'symbol']);
  });

  it('accepts a password that meets the whole policy', () => {
    expect(unmet('Sup3r-secret!')).toEqual([]);
  });

  it('names each rule a password misses', () => {
    expect(unmet('Ab1!')).toEqual(['minLength']);
    expect(unmet('ABCDEFG1!')).toEqual(['lowercase']);
    expect(unmet('abcdefg1!')).toEqual(['uppercase']);
    expect(unmet('Abcdefgh!')).toEqual(['digit']);
    expect(unmet('Abcdefgh1')).toEqual(['symbol']);
  });

  it('counts the length from the policy', () => {
    const short = 'Aa1!'.padEnd(passwordPolicy.minLength - 1, 'x');
    expect(unmet(short)).toEqual(['minLength']);
    expect(unmet(`${short}x`)).toEqual([]);
  });

  it("takes Cognito's symbol set, the space included, and nothing outside it", () => {
    for (const symbol of '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ') expect(unmet(`Abcdefg1${symbol}`)).toEqual([]);
    expect(unmet('Abcdefg1é')).toEqual(['symbol']);
    expect(unmet('Abcdefg1€')).toEqual(['symbol']);
  });
});
