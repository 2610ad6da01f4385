import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/** A column heading; `end` aligns it with the row's end (e.g. action buttons). */
export type TableHeader = string | { label: string; end?: boolean };

type CellProps = { children?: ReactNode; 'data-label'?: string; role?: string };

/**
 * Names each cell of the caller's rows after its column (`data-label`, which the card
 * layout prints above the cell) and keeps the table's roles when CSS makes its parts
 * blocks (a browser may otherwise drop them).
 */
function labelled(children: ReactNode, labels: string[]): ReactNode {
  return Children.map(children, (row) => {
    if (!isValidElement<CellProps>(row) || row.type !== 'tr') return row;
    let column = 0;
    const cells = Children.map(row.props.children, (cell) => {
      if (!isValidElement<CellProps>(cell) || (cell.type !== 'td' && cell.type !== 'th'))
        return cell;
      const label = labels[column++];
      return cloneElement(cell as ReactElement<CellProps>, {
        role: cell.type === 'th' ? 'rowheader' : 'cell',
        ...(label ? { 'data-label': label } : {}),
      });
    });
    return cloneElement(row as ReactElement<CellProps>, { role: 'row' }, cells);
  });
}

/**
 * The bordered table the admin lists share, scrolling sideways on a narrow screen:
 * a caption for screen readers, the headings, and the rows the caller renders.
 * `focusable` lets a keyboard scroll it when its rows may hold no control to tab to
 * (positioned, so what screen readers alone read stays inside the box). `cards`: under
 * 768 px each row is a card, each cell under its column's name, so a row's actions
 * (Approve, Reject, …) are in reach without scrolling sideways (index.css).
 */
export function DataTable({
  caption,
  headers,
  focusable = false,
  cards = false,
  children,
}: {
  caption: string;
  headers: readonly TableHeader[];
  focusable?: boolean;
  cards?: boolean;
  children: ReactNode;
}) {
  const columns = headers.map((h) => (typeof h === 'string' ? { label: h, end: false } : h));
  const table = (
    <table className="w-full text-sm" role={cards ? 'table' : undefined}>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-muted" role={cards ? 'rowgroup' : undefined}>
        <tr role={cards ? 'row' : undefined}>
          {columns.map(({ label, end }) => (
            <th
              key={label}
              scope="col"
              role={cards ? 'columnheader' : undefined}
              className={end ? 'p-3 text-end' : 'p-3 text-start'}
            >
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role={cards ? 'rowgroup' : undefined}>
        {cards
          ? labelled(
              children,
              columns.map((c) => c.label),
            )
          : children}
      </tbody>
    </table>
  );
  // Relative: screen-reader-only texts (absolutely placed) stay inside the scrolling box.
  const box = `relative overflow-x-auto rounded-lg border${cards ? ' data-cards' : ''}`;
  if (!focusable) return <div className={box}>{table}</div>;
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must take focus.
      tabIndex={0}
      className={`${box} focus-visible:outline-2 focus-visible:outline-ring`}
    >
      {table}
    </section>
  );
}
