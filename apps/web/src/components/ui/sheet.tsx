import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;
export const SheetTitle = Dialog.Title;
export const SheetDescription = Dialog.Description;

/** A side drawer; it opens from the inline start, so from the right in right-to-left pages. */
export function SheetContent({
  className,
  children,
  closeLabel,
  ...props
}: ComponentProps<typeof Dialog.Content> & { closeLabel: string }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 start-0 z-50 flex w-80 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-background p-6 shadow-lg',
          className,
        )}
        {...props}
      >
        {children}
        <Dialog.Close
          className="absolute end-4 top-4 rounded-sm opacity-70 hover:opacity-100"
          aria-label={closeLabel}
        >
          <X className="size-5" />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
