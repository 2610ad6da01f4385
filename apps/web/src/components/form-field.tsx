import { Slot } from '@radix-ui/react-slot';
import type { ReactElement, ReactNode } from 'react';
import { Label } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** The ids a control is described by: extra ones the caller names, its hint, its error. */
export function describedBy(
  id: string,
  { hint = false, error = false, before, after }: FieldDescription,
): string | undefined {
  return (
    [before, hint && `${id}-hint`, error && `${id}-error`, after].filter(Boolean).join(' ') ||
    undefined
  );
}

type FieldDescription = {
  hint?: boolean;
  error?: boolean;
  /** Ids of other elements that describe the control, read before its hint. */
  before?: string;
  /** Ids read after its error. */
  after?: string;
};

/**
 * A form field: its label, the control (an input, select or textarea, given as the one
 * child), an optional description and its error in red under it. The control gets the
 * id the label points at, aria-describedby naming the description and the error, and
 * aria-invalid while the error shows.
 */
export function FormField({
  id,
  label,
  description,
  error,
  invalid,
  aside,
  describedByBefore,
  describedByAfter,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  /** Already translated; nothing shows when empty. */
  error?: string | null;
  /** Marks the control invalid though the error is told elsewhere (e.g. under the form). */
  invalid?: boolean;
  /** Shown at the label's other end, e.g. a character counter. */
  aside?: ReactNode;
  describedByBefore?: string;
  describedByAfter?: string;
  className?: string;
  children: ReactElement;
}) {
  const hasError = Boolean(error);
  const hasHint = description !== undefined && description !== null && description !== false;
  const labelNode = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {aside ? (
        <div className="flex items-end justify-between gap-2">
          {labelNode}
          {aside}
        </div>
      ) : (
        labelNode
      )}
      <Slot
        id={id}
        aria-invalid={hasError || invalid ? true : undefined}
        aria-describedby={describedBy(id, {
          hint: hasHint,
          error: hasError,
          before: describedByBefore,
          after: describedByAfter,
        })}
      >
        {children}
      </Slot>
      {hasHint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {hasError && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
