import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Green for done, red for failed or refused, yellow while waiting, grey for switched off. */
export type BadgeTone = 'good' | 'bad' | 'waiting' | 'neutral';

/** Each feature says which of its statuses has which tone; a status left out waits. */
export type ToneMap<S extends string> = Readonly<Partial<Record<S, BadgeTone>>>;

const TONES: Record<BadgeTone, string> = {
  good: 'border-green-200 bg-green-100 text-green-800',
  bad: 'border-red-200 bg-red-100 text-red-800',
  waiting: 'border-yellow-200 bg-yellow-100 text-yellow-900',
  neutral: 'border-slate-200 bg-slate-100 text-slate-800',
};

export const toneOf = <S extends string>(status: S, tones: ToneMap<S>): BadgeTone =>
  tones[status] ?? 'waiting';

/** A status as a coloured pill; the label (translated by the caller) is its content. */
export function StatusBadge<S extends string>({
  status,
  tones,
  children,
  className,
  ...rest
}: {
  status: S;
  tones: ToneMap<S>;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLSpanElement>, 'children'>) {
  return (
    <span
      data-tone={toneOf(status, tones)}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[toneOf(status, tones)],
        className,
      )}
      {...rest}
    >
      {children}
    </span>
  );
}
