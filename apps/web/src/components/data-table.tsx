import type { ReactNode } from 'react';

/** A column heading; `end` aligns it with the row's end (e.g. action buttons). */
export type TableHeader = string | { label: string; end?: boolean };

/**
 * The bordered table the admin lists share, scrolling sideways on a narrow screen:
 * a caption for screen readers, the headings, and the rows the caller renders. The box
 * is `relative` so that screen-reader-only texts (absolutely positioned) stay inside it
 * instead of widening the page.
 */
export function DataTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: readonly TableHeader[];
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted">
          <tr>
            {headers.map((h) => {
              const { label, end } = typeof h === 'string' ? { label: h, end: false } : h;
              return (
                <th key={label} scope="col" className={end ? 'p-3 text-end' : 'p-3 text-start'}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
