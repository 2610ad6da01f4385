import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export type Stat = { key: string; label: string; value: ReactNode; hint?: ReactNode };

/** Figures as a grid of cards: a label, the value large, a hint under it. */
export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {stats.map((s) => (
        <li key={s.key} data-testid={`stat-${s.key}`}>
          <Card className="h-full">
            <CardHeader className="pb-2">
              <CardTitle className="text-sm font-medium text-muted-foreground">{s.label}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-2xl font-bold tabular-nums">{s.value}</p>
              {s.hint && <p className="mt-1 text-sm text-muted-foreground">{s.hint}</p>}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
