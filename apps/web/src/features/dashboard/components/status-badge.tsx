import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type Tone = 'good' | 'bad' | 'waiting';

const TONES: Record<Tone, string> = {
  good: 'border-green-200 bg-green-100 text-green-800',
  bad: 'border-red-200 bg-red-100 text-red-800',
  waiting: 'border-yellow-200 bg-yellow-100 text-yellow-900',
};

/** Green approved or confirmed, red rejected, yellow otherwise. */
export function paymentTone(status: string): Tone {
  if (status === 'approved' || status === 'confirmed') return 'good';
  return status === 'rejected' ? 'bad' : 'waiting';
}

export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
