import { describe, expect, it } from 'vitest';
import { requestMessages } from '@reviewroute/shared';
import { checkRow, messageKeyOf, parseTable, rowsOfTable } from './customer-rows';

describe('customer rows', () => {
  it('reads a CSV with a header, guesses the columns (also Dutch headers) and checks each row', () => {
    const table = parseTable(
      '\uFEFFNaam;E-mailadres;Taal\nPiet;piet@klant.example;NL\nJane;jane@customer.example;English\nKapot;geen-adres;nl\n',
    );
    expect(table.hasHeader).toBe(true);
    expect(table.mapping).toEqual({ name: 0, email: 1, language: 2 });
    const rows = rowsOfTable(table, table.mapping);
    expect(rows.map((r) => r.value)).toEqual([
      { name: 'Piet', email: 'piet@klant.example', language: 'nl' },
      { name: 'Jane', email: 'jane@customer.example', language: 'en' },
      undefined,
    ]);
    expect(rows[2]).toMatchObject({ line: 4, errors: { email: requestMessages.emailInvalid } });
  });

  it('reads a pasted list without a header from its values, columns in any order', () => {
    const table = parseTable('anna@example.com\tAnna de Vries\tnl\njohn@example.com\tJohn\ten');
    expect(table.hasHeader).toBe(false);
    expect(table.mapping).toEqual({ name: 1, email: 0, language: 2 });
    expect(rowsOfTable(table, table.mapping).map((r) => r.line)).toEqual([1, 2]);
  });

  it('leaves the language to the survey when there is no column, and lets the owner remap', () => {
    const table = parseTable('name,email\nAnna,anna@example.com');
    expect(table.mapping).toEqual({ name: 0, email: 1, language: null });
    expect(rowsOfTable(table, table.mapping)[0]!.value).toEqual({ name: 'Anna', email: 'anna@example.com' });
    // The wrong way round: both fields report the shared schema's message.
    const swapped = rowsOfTable(table, { name: null, email: 0, language: null })[0]!;
    expect(swapped.errors).toEqual({ name: requestMessages.nameRequired, email: requestMessages.emailInvalid });
  });

  it('refuses a language other than English or Dutch, and maps every message to its translation', () => {
    const row = checkRow({ name: 'Hans', email: 'hans@example.de', language: 'de' });
    expect(row.errors).toEqual({ language: requestMessages.languageInvalid });
    expect(messageKeyOf(row.errors.language)).toBe('languageInvalid');
    for (const message of Object.values(requestMessages)) expect(messageKeyOf(message)).not.toBe('invalid');
    expect(messageKeyOf('Something new')).toBe('invalid');
  });
});
