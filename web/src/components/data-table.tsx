import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One column: its header, how a row fills its cell, and whether it holds figures (right-aligned, even digits). */
export interface DataTableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  /** What the table is about: read first by screen readers; `captionHidden` keeps it out of sight. */
  caption: ReactNode;
  captionHidden?: boolean;
  /** The first column names its row (a `th scope="row"`), so each figure is read with what it counts. */
  columns: readonly [DataTableColumn<Row>, ...DataTableColumn<Row>[]];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** `data-*` attributes of a row (tests and styles find rows by them). */
  rowData?: (row: Row) => Record<`data-${string}`, string | number>;
  className?: string;
  'data-testid'?: string;
}

/**
 * A small, accessible table of figures: a caption, column headers, a row header per row, numbers aligned right
 * in tabular digits. The one look for the app's plain tables (the insights' table alternative); it scrolls
 * sideways within its own box when the screen is narrower than its content.
 */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  rowData,
  className,
  'data-testid': testId,
}: DataTableProps<Row>) {
  const [first, ...rest] = columns;
  const align = (column: DataTableColumn<Row>) => (column.numeric ? 'text-right tabular-nums' : 'text-left');
  return (
    <table className={cn('w-full text-sm', className)} data-testid={testId}>
      <caption className={captionHidden ? 'sr-only' : 'text-muted-foreground mb-2 text-left text-sm'}>
        {caption}
      </caption>
      <thead>
        <tr className="border-b">
          {columns.map((column) => (
            <th key={column.id} scope="col" className={cn('py-2 font-medium', align(column))}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b last:border-0" {...rowData?.(row)}>
            <th scope="row" className={cn('py-1.5 pr-3 font-normal', align(first))}>
              {first.cell(row)}
            </th>
            {rest.map((column) => (
              <td key={column.id} className={cn('py-1.5', align(column))}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
