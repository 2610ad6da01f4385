import { History } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardHeader, CardTitle } from '@/components/ui/card';

/** The heading of a card that lists what the customer did (messages sent, calls made). */
export function HistoryCardHeader({ id, title }: { id: string; title: string }) {
  return (
    <CardHeader className="pb-2">
      <CardTitle as="h2" id={id} className="flex items-center gap-2">
        <History aria-hidden="true" className="size-5 text-primary" />
        {title}
      </CardTitle>
    </CardHeader>
  );
}

/** When an entry happened, in the medium date style with the time. */
export function historyWhen(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/**
 * One entry of such a list: who it went to beside its status, then the lines the
 * feature adds (the message, the cost, …).
 */
export function HistoryItem(props: {
  testId: string;
  to: ReactNode;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="space-y-1 py-3 text-sm" data-testid={props.testId}>
      <div className="flex items-start justify-between gap-2">
        {props.to}
        {props.status}
      </div>
      {props.children}
    </li>
  );
}
