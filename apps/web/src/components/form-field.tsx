import { Slot } from '@radix-ui/react-slot';
import type { ReactElement, ReactNode } from 'react';
import { Label } from '@/components/ui/input';

/** The ids a control is described by: extra ones the caller names, its hint, its error. */
function describedBy(
  id: string,
  { hint = false, error = false, before, after }: FieldDescription,
): string | undefined {
  return (
    [before, hint && `${id}-hint`, error && `${id}-error`, after].filter(Boolean).join(' ') ||
    undefined
  );
}

/** What the control gets from its field. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

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
  after,
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
  /** Shown under the error, e.g. a link that changes what the field asks for. */
  after?: ReactNode;
  /** Replaces the field's own layout (classes are not merged). */
  className?: string;
  /** The control, or a function placing the control's props inside other markup. */
  children: ReactElement | ((control: ControlProps) => ReactNode);
}) {
  const hasError = Boolean(error);
  const hasHint = description !== undefined && description !== null && description !== false;
  const labelNode = <Label htmlFor={id}>{label}</Label>;
  const control: ControlProps = {
    id,
    'aria-invalid': hasError || invalid ? true : undefined,
    'aria-describedby': describedBy(id, {
      hint: hasHint,
      error: hasError,
      before: describedByBefore,
      after: describedByAfter,
    }),
  };
  return (
    <div className={className ?? 'flex flex-col gap-2'}>
      {aside ? (
        <div className="flex items-end justify-between gap-2">
          {labelNode}
          {aside}
        </div>
      ) : (
        labelNode
      )}
      {typeof children === 'function' ? children(control) : <Slot {...control}>{children}</Slot>}
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
      {after}
    </div>
  );
}
