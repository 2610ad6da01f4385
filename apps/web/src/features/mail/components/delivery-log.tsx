import { MAIL_STATES, type MailState } from '@parley/shared';
import { ScrollText } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { QueryState } from '@/components/query-state';
import { Select } from '@/components/ui/input';
import { useMailMessages } from '../api/mail';
import { ListPager } from './list-pager';
import { MailCard } from './mail-card';
import { MessageItem } from './message-item';
import { SearchBox } from './search-box';

/**
 * What was sent: each message with its recipients' states, newest first, searched by
 * sender, recipient or subject and filtered by state; kept for the package's log days.
 */
export function DeliveryLog({ logDays }: { logDays: number }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [state, setState] = useState<MailState | ''>('');
  const [page, setPage] = useState(1);
  const log = useMailMessages(q, state, page);
  const search = useCallback((next: string) => {
    setQ(next);
    setPage(1);
  }, []);
  const filtered = Boolean(q || state);
  return (
    <MailCard
      id="mail-log-title"
      icon={ScrollText}
      title={t('mail.log.title')}
      description={t('mail.log.kept', { days: logDays })}
    >
      <search
        aria-label={t('mail.log.searchLabel')}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <SearchBox
          id="mail-log-q"
          label={t('mail.log.search')}
          hint={t('mail.log.searchHint')}
          onSearch={search}
        />
        <FormField
          id="mail-log-state"
          label={t('mail.log.state')}
          className="flex flex-col gap-1 sm:w-48"
        >
          <Select
            value={state}
            onChange={(e) => {
              setState(e.target.value as MailState | '');
              setPage(1);
            }}
          >
            <option value="">{t('mail.log.anyState')}</option>
            {MAIL_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`mail.log.states.${s}`)}
              </option>
            ))}
          </Select>
        </FormField>
      </search>
      <QueryState
        query={{ ...log, isError: log.isError && log.data === undefined }}
        errorText={t('mail.log.loadFailed')}
        empty={filtered ? t('mail.log.noMatch') : t('mail.log.empty')}
        isEmpty={(data) => data.items.length === 0}
        small
      >
        {(data) => (
          <>
            <ul className="flex flex-col gap-3" aria-label={t('mail.log.listLabel')}>
              {data.items.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </ul>
            <ListPager
              label={t('mail.log.pages')}
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </MailCard>
  );
}
