import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type Figure = { key: string; label: string; value: ReactNode };

/** A row of figures: a label and its value, large. */
export function Figures({ label, figures }: { label: string; figures: Figure[] }) {
  return (
    <section aria-label={label}>
      <dl
        className={cn(
          'grid grid-cols-2 gap-3',
          figures.length % 3 === 0 ? 'md:grid-cols-3' : 'lg:grid-cols-4',
        )}
      >
        {figures.map((f) => (
          <div
            key={f.key}
            data-testid={`figure-${f.key}`}
            className="rounded-lg border bg-card p-4 shadow-sm"
          >
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
