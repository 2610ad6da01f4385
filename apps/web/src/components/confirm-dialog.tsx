import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * Asks before a change that matters (an alertdialog): a title, what will happen, Cancel
 * and the action's own button, disabled while it runs. Escape or Cancel closes it.
 */
export function ConfirmDialog({
  open,
  onCancel,
  title,
  description,
  children,
  confirm,
  variant = 'default',
  busy = false,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onCancel: () => void;
  title: string;
  description: ReactNode;
  /** Shown under the description, e.g. the note that goes with the change. */
  children?: ReactNode;
  /** The action button's label. */
  confirm: string;
  variant?: 'default' | 'destructive';
  busy?: boolean;
  onConfirm: () => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent
        closeLabel={t('common.close')}
        role="alertdialog"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button variant={variant} disabled={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
