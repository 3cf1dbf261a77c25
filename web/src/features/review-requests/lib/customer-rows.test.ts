import { describe, expect, it } from 'vitest';
import { requestMessages } from '@reviewroute/shared';
import { checkRow, messageKeyOf, parseTable, rowsOfTable } from './customer-rows';

describe('customer rows', () => {
  it('reads a CSV with a header, guesses the columns (also Dutch headers) and checks each row', () => {
    const table = parseTable(
      '\uFEFFNaam;E-mailadres;Taal\nPiet;piet@klant.example;NL\nJane;jane@customer.example;English\nKapot;geen-adres;nl\n',
    );
    expect(table.hasHeader).toBe(true);
    expect(table.mapping).toEqual({ name: 0, email: 1, phone: null, language: 2 });
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
    expect(table.mapping).toEqual({ name: 1, email: 0, phone: null, language: 2 });
    expect(rowsOfTable(table, table.mapping).map((r) => r.line)).toEqual([1, 2]);
  });

  it('leaves the language to the survey when there is no column, and lets the owner remap', () => {
    const table = parseTable('name,email\nAnna,anna@example.com');
    expect(table.mapping).toEqual({ name: 0, email: 1, phone: null, language: null });
    expect(rowsOfTable(table, table.mapping)[0]!.value).toEqual({ name: 'Anna', email: 'anna@example.com' });
    // The wrong way round: both fields report the shared schema's message.
    const swapped = rowsOfTable(table, { name: null, email: 0, phone: null, language: null })[0]!;
    expect(swapped.errors).toEqual({ name: requestMessages.nameRequired, email: requestMessages.emailInvalid });
  });

  it('refuses a language other than English or Dutch, and maps every message to its translation', () => {
    const row = checkRow({ name: 'Hans', email: 'hans@example.de', phone: '', language: 'de' });
    expect(row.errors).toEqual({ language: requestMessages.languageInvalid });
    expect(messageKeyOf(row.errors.language)).toBe('languageInvalid');
    for (const message of Object.values(requestMessages)) expect(messageKeyOf(message)).not.toBe('invalid');
    expect(messageKeyOf('Something new')).toBe('invalid');
  });

  it('reads a phone, telefoon or mobile column: numbers stored in E.164, a malformed one a row error', () => {
    for (const header of ['Phone', 'Telefoonnummer', 'Mobile', 'Mobiel', 'GSM', 'Tel.']) {
      expect(parseTable(`Naam;E-mail;${header}\nPiet;;06 12345678`).mapping).toEqual({
        name: 0,
        email: 1,
        phone: 2,
        language: null,
      });
    }
    const table = parseTable(
      'Naam;Telefoon;E-mail;Taal\nPiet;06 12345678;;nl\nJan;+32 470 12 34 56;;nl\nAnna;0031 6 1234 5678;anna@example.com;en\nKapot;06-1234;;nl\nLeeg;;;nl\n',
    );
    expect(table.mapping).toEqual({ name: 0, email: 2, phone: 1, language: 3 });
    const rows = rowsOfTable(table, table.mapping);
    expect(rows.map((r) => r.value)).toEqual([
      { name: 'Piet', phone: '+31612345678', language: 'nl' },
      { name: 'Jan', phone: '+32470123456', language: 'nl' },
      { name: 'Anna', email: 'anna@example.com', phone: '+31612345678', language: 'en' },
      undefined,
      undefined,
    ]);
    expect(rows[3]).toMatchObject({ line: 5, errors: { phone: requestMessages.phoneInvalid } });
    expect(rows[4]).toMatchObject({ line: 6, errors: { email: requestMessages.contactRequired } });
    expect(messageKeyOf(rows[3]!.errors.phone)).toBe('phoneInvalid');
    expect(messageKeyOf(rows[4]!.errors.email)).toBe('contactRequired');
  });

  it('reads a pasted list of numbers without a header from its values: a number is no header', () => {
    const table = parseTable('Piet Klant, 06 12345678, nl\nJane, +44 7400 123456, en\nJan, , nl');
    expect(table.hasHeader).toBe(false);
    expect(table.mapping).toEqual({ name: 0, email: null, phone: 1, language: 2 });
    expect(rowsOfTable(table, table.mapping).map((r) => r.value?.phone ?? r.errors)).toEqual([
      '+31612345678',
      '+447400123456',
      { email: requestMessages.contactRequired },
    ]);
    // Addresses and numbers side by side.
    const both = parseTable('anna@example.com\tAnna\t06 12345678');
    expect(both.mapping).toEqual({ name: 1, email: 0, phone: 2, language: null });
  });
});
