import { type ReactNode, useState } from 'react';

/** One fact of a quote: its label over its value (the value truncated when `truncate`). */
export interface QuoteFact {
  label: string;
  value: string;
}

/**
 * The box a price quote shows in before sending or calling: its heading, its facts in a
 * row of four (two on a phone), what the feature adds below them, and the live region
 * that says the settled outcome (see `useSpokenOutcome`).
 */
export function QuoteFrame(props: {
  titleId: string;
  title: string;
  facts: QuoteFact[];
  /** Cut long values to one line (a long country name on a phone). */
  truncate?: boolean;
  spoken: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={props.titleId}
      className="space-y-3 rounded-lg border bg-muted/40 p-4"
    >
      <h3 id={props.titleId} className="text-sm font-semibold">
        {props.title}
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {props.facts.map((fact) => (
          <div key={fact.label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{fact.label}</dt>
            <dd className={props.truncate ? 'truncate font-semibold' : 'font-semibold'} dir="auto">
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      {props.children}
      <p role="status" className="sr-only">
        {props.spoken}
      </p>
    </section>
  );
}

/**
 * What a screen reader hears: the last settled outcome. While the outcome is not known
 * (null) the last one stays, so a pause in typing that ends on the same price says
 * nothing new.
 */
export function useSpokenOutcome(outcome: string | null): string {
  const [spoken, setSpoken] = useState('');
  if (outcome !== null && outcome !== spoken) setSpoken(outcome);
  return spoken;
}
