import type { AdminSenderRequest, SenderRequestStatus } from '@parley/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { FormField } from '@/components/form-field';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { isAlreadyDecided, useAdminErrorToast } from '@/lib/admin-errors';
import { showToast } from '@/lib/toast';
import { SENDER_IDS_PAGE_SIZE, useAdminSenderIds, useDecideSender } from './sender-ids-admin';

const SENDER_TONES: ToneMap<SenderRequestStatus> = { approved: 'good', rejected: 'bad' };
const FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
type Filter = (typeof FILTERS)[number];

function Decision({ request }: { request: AdminSenderRequest }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const decide = useDecideSender();
  const errorToast = useAdminErrorToast();
  const input = useRef<HTMLInputElement>(null);
  // Set synchronously, so a second click before React re-renders sends nothing.
  const sending = useRef(false);
  const id = `sender-note-${request.id}`;
  const act = (action: 'approve' | 'reject') => {
    if (sending.current) return;
    // A rejection tells the customer why.
    if (action === 'reject' && !note.trim()) {
      setMissing(true);
      return input.current?.focus();
    }
    sending.current = true;
    decide.mutate(
      { id: request.id, action, note },
      {
        onSuccess: () =>
          showToast(
            'success',
            t('common.success'),
            t(action === 'approve' ? 'admin.senderIds.approved' : 'admin.senderIds.rejected', {
              sender: request.senderId,
            }),
          ),
        onError: (err) =>
          isAlreadyDecided(err)
            ? showToast('info', t('admin.senderIds.alreadyDecided'), t('errors.ALREADY_DECIDED'))
            : errorToast(err),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  return (
    <div className="flex min-w-56 flex-col gap-2">
      <Input
        ref={input}
        id={id}
        aria-label={t('admin.senderIds.noteFor', { sender: request.senderId })}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        placeholder={t('admin.senderIds.note')}
        value={note}
        maxLength={500}
        onChange={(e) => {
          setNote(e.target.value);
          setMissing(false);
        }}
      />
      {missing && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {t('admin.senderIds.noteRequired')}
        </p>
      )}
      <div className="flex gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => act('approve')}>
          {t('admin.senderIds.approve')}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={decide.isPending}
          onClick={() => act('reject')}
        >
          {t('admin.senderIds.reject')}
        </Button>
      </div>
    </div>
  );
}

/** Sender ID requests: filtered by status, a page at a time; pending ones decided here. */
export function SenderIdsTab() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminSenderIds(filter, page);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / SENDER_IDS_PAGE_SIZE)) : 1;

  const body = (
    <QueryState
      query={list}
      errorText={t('admin.loadFailed')}
      empty={t('admin.senderIds.empty')}
      isEmpty={(data) => data.items.length === 0}
    >
      {(data) => (
        <DataTable
          cards
          caption={t('admin.senderIds.title')}
          headers={['date', 'customer', 'sender', 'reason', 'status', 'decision'].map((c) =>
            t(`admin.senderIds.columns.${c}`),
          )}
        >
          {data.items.map((r) => (
            <tr key={r.id} className="border-t align-top">
              <td className="p-3 whitespace-nowrap">{date.format(new Date(r.createdAt))}</td>
              <td className="p-3 break-all">{r.user.email}</td>
              <td className="p-3">
                <div className="font-mono font-semibold" dir="ltr">
                  {r.senderId}
                </div>
                <div className="text-xs text-muted-foreground">
                  {t(`admin.senderIds.kind.${r.kind}`)}
                </div>
              </td>
              <td className="p-3 min-w-48" dir="auto">
                {r.reason}
              </td>
              <td className="p-3">
                <StatusBadge status={r.status} tones={SENDER_TONES}>
                  {t(`sms.senders.status.${r.status}`)}
                </StatusBadge>
              </td>
              <td className="p-3">
                {r.status === 'pending' ? (
                  <Decision request={r} />
                ) : (
                  <div className="space-y-1">
                    <div dir="auto">{r.adminNote}</div>
                    <div className="text-xs text-muted-foreground">
                      {t('admin.senderIds.decidedBy', {
                        email: r.decidedBy ?? '—',
                        date: r.decidedAt ? date.format(new Date(r.decidedAt)) : '—',
                      })}
                    </div>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="admin-sender-ids-title" className="space-y-4">
      <h2 id="admin-sender-ids-title" className="text-xl font-semibold">
        {t('admin.senderIds.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('admin.senderIds.description')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          id="sender-ids-filter"
          label={t('admin.senderIds.filter')}
          className="flex flex-col gap-1"
        >
          <Select
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as Filter);
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === 'all' ? t('admin.senderIds.all') : t(`sms.senders.status.${f}`)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {body}
      {pages > 1 && (
        <Pager
          label={t('admin.senderIds.pages')}
          status={t('admin.senderIds.page', { page, pages })}
          previous={t('admin.senderIds.previous')}
          next={t('admin.senderIds.next')}
          hasPrevious={page > 1}
          hasNext={page < pages}
          onPrevious={() => setPage((p) => p - 1)}
          onNext={() => setPage((p) => p + 1)}
        />
      )}
    </section>
  );
}
