import type { ReactNode } from 'react';

/** A column heading; `end` aligns it with the row's end (e.g. action buttons). */
export type TableHeader = string | { label: string; end?: boolean };

/**
 * The bordered table the admin lists share, scrolling sideways on a narrow screen:
 * a caption for screen readers, the headings, and the rows the caller renders.
 * `focusable` lets a keyboard scroll it when its rows may hold no control to tab to
 * (positioned, so what screen readers alone read stays inside the box).
 */
export function DataTable({
  caption,
  headers,
  focusable = false,
  children,
}: {
  caption: string;
  headers: readonly TableHeader[];
  focusable?: boolean;
  children: ReactNode;
}) {
  const table = (
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
  );
  // Relative: screen-reader-only texts (absolutely placed) stay inside the scrolling box.
  const box = 'relative overflow-x-auto rounded-lg border';
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
