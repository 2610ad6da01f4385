import { useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * Previous and next buttons around where the list is ("Page 2 of 5"). Each list names
 * its own texts, as they say what is being paged through.
 */
export function Pager({
  label,
  status,
  previous,
  next,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  spread = false,
  live = false,
  className,
}: {
  /** The navigation landmark's name. */
  label: string;
  status: string;
  previous: string;
  next: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Buttons at the two ends rather than side by side. */
  spread?: boolean;
  /** Tells a screen reader the new page when it changes. */
  live?: boolean;
  className?: string;
}) {
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const statusText = useRef<HTMLSpanElement>(null);
  // The last page's Next (the first's Previous) disables itself under the keyboard,
  // which would drop focus to the page: it moves to the other button instead, or to the
  // status when both are off (the list shrank to one page), before the browser's next
  // rendering step blurs the disabled one.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    const fromNext = !hasNext && focused === nextButton.current;
    if (!fromNext && !(!hasPrevious && focused === previousButton.current)) return;
    const other = fromNext ? previousButton.current : nextButton.current;
    (other && !other.disabled ? other : statusText.current)?.focus();
  }, [hasPrevious, hasNext]);
  return (
    <nav
      aria-label={label}
      className={cn('flex items-center', spread ? 'justify-between gap-2' : 'gap-3', className)}
    >
      <Button
        ref={previousButton}
        variant="outline"
        size="sm"
        disabled={!hasPrevious}
        onClick={onPrevious}
      >
        {previous}
      </Button>
      <span
        ref={statusText}
        tabIndex={-1}
        className="text-sm tabular-nums"
        aria-live={live ? 'polite' : undefined}
      >
        {status}
      </span>
      <Button ref={nextButton} variant="outline" size="sm" disabled={!hasNext} onClick={onNext}>
        {next}
      </Button>
    </nav>
  );
}

/** A pager's page count: "50+" when the list holds more than its total counts. */
export const pagesShown = (pages: number, page: number, more: boolean): string =>
  more ? `${Math.max(pages, page)}+` : String(pages);
