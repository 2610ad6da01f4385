import type { ReactNode } from 'react';

export type Column = { label: string; end?: boolean };

/**
 * A bordered table that scrolls sideways inside its own box on a narrow screen, with a
 * caption for screen readers; `relative` keeps screen-reader-only texts inside the box
 * (otherwise they widen the page). (The demo keeps its own: it shares no list code with the
 * signed-in pages, so its chunk stays separate from theirs.)
 */
export function Table({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.end ? 'p-3 text-end' : 'p-3 text-start'}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
