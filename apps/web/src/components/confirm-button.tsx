import { type ReactNode, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A button for a money action that asks first: its dialog names the action and the
 * amount, and only its confirm button runs `onConfirm`. Escape or Cancel changes nothing.
 */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
  size,
  variant,
  className,
}: {
  children: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        size={size}
        variant={variant}
        className={className}
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        title={title}
        description={description}
        confirm={confirmLabel}
        variant={variant === 'destructive' ? 'destructive' : 'default'}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}
