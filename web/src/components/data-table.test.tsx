import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

const rows = [
  { name: 'Five stars', count: 12 },
  { name: 'One star', count: 3 },
];

describe('DataTable', () => {
  it('reads as a table: caption, column headers, a row header per row, figures right-aligned', () => {
    render(
      <DataTable
        caption="Ratings"
        captionHidden
        rows={rows}
        rowKey={(r) => r.name}
        rowData={(r) => ({ 'data-name': r.name })}
        columns={[
          { id: 'name', header: 'Rating', cell: (r) => r.name },
          { id: 'count', header: 'Responses', numeric: true, cell: (r) => r.count },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Ratings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Rating', 'Responses']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Five stars', 'One star']);
    const cell = within(table).getByRole('cell', { name: '12' });
    expect(cell.className).toContain('text-right');
    expect(cell.closest('tr')?.getAttribute('data-name')).toBe('Five stars');
    expect(table.querySelector('caption')?.className).toContain('sr-only');
  });
});
