import type { ReactNode } from 'react';
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
  // Already in the page's language (lib/field-errors.ts).
  const error = props.error;
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
