import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardContent, CardTitle } from '@/components/ui/card';

/** A dashboard card: a titled section with an optional link in its header. */
export function SectionCard({
  id,
  title,
  icon: Icon,
  link,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col rounded-lg border bg-card text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 p-6">
        <CardTitle as="h2" id={id} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
        {link && (
          <Link to={link.to} className="text-sm font-medium text-primary underline">
            {link.label}
          </Link>
        )}
      </div>
      <CardContent className="flex-1">{children}</CardContent>
    </section>
  );
}

/** What a list shows when it has nothing yet. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-6 text-center">
      <p className="text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
