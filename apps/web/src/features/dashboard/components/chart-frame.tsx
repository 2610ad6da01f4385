import { type ReactNode, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearScreen, useTurn } from '@/lib/after-paint';
import { cn } from '@/lib/utils';

export const CHART_COLORS = ['#15803d', '#1d4ed8', '#b45309', '#7e22ce', '#be123c', '#0f766e'];
export const AXIS_TICK = { fill: '#475569', fontSize: 12 };

/**
 * A chart with its text alternative: the drawing is hidden from assistive technology,
 * and a visually hidden table carries the same figures. The table sits in a hidden box
 * rather than being hidden itself: a table is never narrower than its longest words, so
 * an `sr-only` table would still widen a phone's page.
 */
export function ChartFrame({
  caption,
  headers,
  rows,
  children,
}: {
  caption: string;
  headers: readonly [string, string];
  rows: readonly (readonly [string, string])[];
  children: ReactNode;
}) {
  return (
    <div>
      <ChartBox className="h-60">{children}</ChartBox>
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{headers[0]}</th>
              <th scope="col">{headers[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A few labelled figures beside a chart. */
export function Figures({ items }: { items: readonly { label: string; value: string }[] }) {
  return (
    <dl className="mb-4 grid grid-cols-2 gap-4">
      {items.map(({ label, value }) => (
        <div key={label}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The box a chart is drawn in, its height fixed by `className` so nothing moves when the
 * drawing arrives: until its code has loaded, a placeholder of the same size says it is
 * busy. Drawing a chart is a long task on a phone, so a box draws only once it is near
 * the screen (a phone's dashboard opens far above its charts), each in its own turn
 * after the page around it has been painted (`useNearScreen`, `useTurn`). The drawing
 * itself is hidden from assistive technology (its card carries the figures in text).
 */
export function ChartBox({ className, children }: { className: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  const ready = useTurn(near);
  return (
    <div ref={box} className={cn('w-full', className)} dir="ltr" data-testid="chart-box">
      {ready ? (
        <Suspense fallback={<ChartPlaceholder />}>
          <div aria-hidden="true" className="size-full">
            {children}
          </div>
        </Suspense>
      ) : (
        // Far from the screen nothing is under way: the same box, announcing nothing.
        <ChartPlaceholder busy={near} />
      )}
    </div>
  );
}

/** Where a chart will be, while its code loads (busy) or until it is scrolled near. */
function ChartPlaceholder({ busy = true }: { busy?: boolean }) {
  const { t } = useTranslation();
  if (!busy) return <div aria-hidden="true" className="size-full rounded-md bg-muted/60" />;
  return (
    <div
      role="status"
      aria-busy="true"
      className="size-full rounded-md bg-muted/60 motion-safe:animate-pulse"
    >
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
