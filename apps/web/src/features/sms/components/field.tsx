import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/input';

/** A form field: its label, the control, an optional hint and its error in red under it. */
export function Field(props: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // Errors are translation keys of ours, or a server message shown as it came.
  const error = props.error?.startsWith('sms.') ? t(props.error) : props.error;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={props.id}>{props.label}</Label>
        {props.aside}
      </div>
      {props.children}
      {props.hint && (
        <p id={`${props.id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      )}
      {error && (
        <p id={`${props.id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria-describedby of a field's control: its hint and its error, when shown. */
export const describedBy = (id: string, hint: boolean, error: string | undefined) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
