/**
 * The heading row of a table that scrolls inside its box (a file's lines in a preview):
 * it sticks to the top of the scrolling box, so each column keeps its name in view.
 */
export function StickyHead({ labels }: { labels: readonly string[] }) {
  return (
    <thead className="sticky top-0 bg-muted">
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className="p-2 text-start">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
