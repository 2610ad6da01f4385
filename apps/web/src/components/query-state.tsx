import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** What a list needs of a query: react-query's result fits. */
export type LoadedQuery<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
};

/**
 * A query's four states in one place: loading, a failure with a Retry button, empty,
 * and its rows (rendered by the caller from the data). `small` is for lists inside a
 * card, told in smaller, quieter type.
 */
export function QueryState<T>({
  query,
  errorText,
  empty,
  isEmpty,
  small = false,
  children,
}: {
  query: LoadedQuery<T>;
  /** Already translated: each list says what could not be loaded. */
  errorText: string;
  /** A text is shown in a bordered box; anything else as it is. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  small?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className={cn('text-destructive', small && 'text-sm')}>
          {errorText}
        </p>
        <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  if (query.isPending || query.data === undefined)
    return (
      <p role="status" className={cn(small && 'text-sm text-muted-foreground')}>
        {t('common.loading')}
      </p>
    );
  if (empty !== undefined && isEmpty?.(query.data))
    return typeof empty === 'string' ? (
      <p className="rounded-lg border p-6 text-center text-muted-foreground">{empty}</p>
    ) : (
      empty
    );
  return children(query.data);
}
