import type { ReactNode } from 'react';

/**
 * A section of a catalogue page: its heading (and the line under it, when there is one)
 * names the section for screen readers, and its content follows.
 */
export function PageSection(props: {
  id: string;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={props.id} className="text-2xl font-semibold">
      {props.title}
    </h2>
  );
  return (
    <section aria-labelledby={props.id} className="space-y-4">
      {props.text === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          <p className="text-muted-foreground">{props.text}</p>
        </div>
      )}
      {props.children}
    </section>
  );
}
