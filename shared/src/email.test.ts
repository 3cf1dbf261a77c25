import { describe, expect, it } from 'vitest';
import { ownerEmailSchema } from './email';

const schema = ownerEmailSchema({ required: 'required', invalid: 'invalid' });
const messageFor = (value: string) => schema.safeParse(value).error?.issues[0]?.message;

describe('ownerEmailSchema', () => {
  it('accepts an address and trims it', () => {
    expect(schema.parse('  owner@example.com ')).toBe('owner@example.com');
  });

  it('says "required" for an empty or blank address', () => {
    expect(messageFor('')).toBe('required');
    expect(messageFor('   ')).toBe('required');
  });

  it('says "invalid" for an address without a domain or longer than 254 characters', () => {
    expect(messageFor('owner@')).toBe('invalid');
    expect(messageFor(`${'a'.repeat(243)}@example.com`)).toBe('invalid');
  });
});
