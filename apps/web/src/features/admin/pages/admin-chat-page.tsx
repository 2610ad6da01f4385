import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/current-user';
import { AccessDenied } from '../components/access-denied';

export default function AdminChatPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  if (!user?.isAdmin) return <AccessDenied />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('nav.liveChat')}</h1>
      <div className="mt-6 flex flex-col items-center rounded-lg border border-dashed p-12 text-center">
        <MessagesSquare aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="mt-3 text-muted-foreground">{t('admin.chat.empty')}</p>
      </div>
    </div>
  );
}
