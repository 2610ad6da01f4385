import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const VARIANTS = {
  default: 'bg-primary text-primary-foreground hover:bg-green-800',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
  outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
} as const;

/**
 * A plain button in the app's button colours. The demo screens keep their own (no Radix
 * Slot): sharing the app's Button would regroup the landing page's chunks and cost its
 * first load more than this file.
 */
export function Button({
  className,
  variant = 'default',
  size,
  ...props
}: ComponentProps<'button'> & { variant?: keyof typeof VARIANTS; size?: 'sm' }) {
  return (
    <button
      className={cn(
        'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
        size === 'sm' ? 'h-9 px-3' : 'h-10 px-4 py-2',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
