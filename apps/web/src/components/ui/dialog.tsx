import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;
export const DialogTrigger = DialogPrimitive.Trigger;

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

const WIDTHS = {
  default: 'max-w-lg',
  wide: 'max-w-2xl',
  wider: 'max-w-3xl',
  /** Tables of a user's history. */
  widest: 'max-w-5xl',
} as const;

/**
 * A centred modal; focus stays inside until it closes, and Escape closes it. Its width is
 * a prop, not a class: `cn` does not merge, so a max-w-* class could not override ours.
 */
export function DialogContent({
  className,
  children,
  closeLabel,
  width = 'default',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  closeLabel: string;
  width?: keyof typeof WIDTHS;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn(
          WIDTHS[width],
          'fixed start-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg ltr:-translate-x-1/2 rtl:translate-x-1/2',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute end-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={closeLabel}
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-wrap justify-end gap-2', className)} {...props} />;
}
