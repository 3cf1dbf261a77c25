import { describe, expect, it } from 'vitest';
import { customerFirstName, defaultRequestTemplates, fillRequestTemplate } from './review-requests';

describe('the review request greeting', () => {
  it('greets by first name: the first word of the name given', () => {
    expect(customerFirstName('Anna de Vries')).toBe('Anna');
    expect(customerFirstName('  Jane   Customer ')).toBe('Jane');
    expect(customerFirstName('Piet')).toBe('Piet');
    expect(customerFirstName('')).toBe('');
    expect(customerFirstName('   ')).toBe('');
    expect(customerFirstName(null)).toBe('');
  });

  it('fills the default texts with the first name, in both languages', () => {
    const url = 'https://r.example/s/x?r=t';
    expect(fillRequestTemplate(defaultRequestTemplates.en, { name: customerFirstName('Jane Customer'), url })).toMatch(
      /^Hi Jane, thank you for choosing our service!.*feedback: https:\/\/r\.example\/s\/x\?r=t$/,
    );
    expect(fillRequestTemplate(defaultRequestTemplates.nl, { name: 'Piet', url })).toMatch(/^Hoi Piet, bedankt/);
  });

  it('stays neutral without a name, never greeting nobody', () => {
    const url = 'https://r.example/s/x';
    expect(fillRequestTemplate(defaultRequestTemplates.en, { name: '', url })).toMatch(/^Hi, thank you for/);
    expect(fillRequestTemplate(defaultRequestTemplates.nl, { name: ' ', url })).toMatch(/^Hoi, bedankt dat je/);
    // The owner's own text: every `{name}` goes with the space before it; the link keeps its own.
    expect(fillRequestTemplate('Dag {name}!\nThanks {name}. {url}', { name: '', url })).toBe(
      'Dag!\nThanks. https://r.example/s/x',
    );
    expect(fillRequestTemplate('{name}\n{url}', { name: '', url })).toBe('\nhttps://r.example/s/x');
  });
});
