import { DirectionProvider } from '@radix-ui/react-direction';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seedKnownVisitor, seedSignedInUser } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    const created = createQueryClient();
    seedKnownVisitor(created);
    seedSignedInUser(created);
    return created;
  });
  // Radix components (tabs, menus) follow the page direction for arrow keys and alignment.
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={client}>
      <DirectionProvider dir={i18n.dir()}>{children}</DirectionProvider>
    </QueryClientProvider>
  );
}
