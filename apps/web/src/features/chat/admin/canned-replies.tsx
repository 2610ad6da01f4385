import type { CannedReply } from '@parley/shared';
import { chatAdminApi } from '@parley/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareText, Pencil, Trash2 } from 'lucide-react';
import { type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionName } from '@/components/action-name';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { adminKeys } from '@/lib/admin-query-keys';
import { call } from '@/lib/api';
import { cannedQueryOptions } from './admin-chat';

/** A menu of canned replies: picking one puts its text in the reply box, to edit or send. */
export function CannedPicker({
  onPick,
  box,
}: {
  onPick: (body: string) => void;
  /** The reply box, which gets the focus back with the reply in it. */
  box: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  const canned = useQuery(cannedQueryOptions);
  const picked = useRef(false);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="sm" disabled={!canned.data?.length}>
          <MessageSquareText aria-hidden="true" />
          {t('adminChat.canned.insert')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="max-h-72 w-72 overflow-y-auto"
        onCloseAutoFocus={(e) => {
          if (!picked.current) return;
          picked.current = false;
          e.preventDefault();
          box.current?.focus();
        }}
      >
        {canned.data?.map((c) => (
          <DropdownMenuItem
            key={c.id}
            onSelect={() => {
              picked.current = true;
              onPick(c.body);
            }}
            className="flex-col items-start"
          >
            <span className="font-medium">{c.title}</span>
            <span className="line-clamp-2 text-xs text-muted-foreground">{c.body}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function CannedForm({ initial, onDone }: { initial: CannedReply | null; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = { title: useId(), body: useId() };
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const queryClient = useQueryClient();
  const errorToast = useAdminErrorToast();
  const save = useMutation({
    mutationFn: () =>
      initial
        ? call(chatAdminApi.updateCanned, { params: { id: initial.id }, body: { title, body } })
        : call(chatAdminApi.createCanned, { body: { title, body } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.adminChatCanned });
      onDone();
    },
    onError: errorToast,
  });
  return (
    <form
      className="space-y-2 rounded-md border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (title.trim() && body.trim()) save.mutate();
      }}
    >
      <label htmlFor={ids.title} className="text-sm font-medium">
        {t('adminChat.canned.titleLabel')}
      </label>
      <Input
        id={ids.title}
        value={title}
        maxLength={60}
        required
        onChange={(e) => setTitle(e.target.value)}
      />
      <label htmlFor={ids.body} className="block text-sm font-medium">
        {t('adminChat.canned.bodyLabel')}
      </label>
      <textarea
        id={ids.body}
        value={body}
        rows={3}
        maxLength={2000}
        required
        onChange={(e) => setBody(e.target.value)}
        className="w-full rounded-md border bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending || !title.trim() || !body.trim()}>
          {t('adminChat.canned.save')}
        </Button>
      </div>
    </form>
  );
}

/** Admins keep the canned replies here: add, change, remove. */
export function CannedManager() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const canned = useQuery({ ...cannedQueryOptions, enabled: open });
  const queryClient = useQueryClient();
  const errorToast = useAdminErrorToast();
  const remove = useMutation({
    mutationFn: (id: string) => call(chatAdminApi.deleteCanned, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.adminChatCanned }),
    onError: errorToast,
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <MessageSquareText aria-hidden="true" />
          {t('adminChat.canned.manage')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')} width="wide">
        <DialogTitle>{t('adminChat.canned.title')}</DialogTitle>
        <DialogDescription>{t('adminChat.canned.description')}</DialogDescription>
        <ul className="space-y-2">
          {canned.data?.length === 0 && (
            <li className="text-sm text-muted-foreground">{t('adminChat.canned.none')}</li>
          )}
          {canned.data?.map((c) =>
            editing !== 'new' && editing?.id === c.id ? (
              <li key={c.id}>
                <CannedForm initial={c} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={c.id} className="flex items-start gap-2 rounded-md border p-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{c.title}</p>
                  <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">
                    {c.body}
                  </p>
                </div>
                <Button variant="ghost" size="sm" onClick={() => setEditing(c)}>
                  <Pencil aria-hidden="true" />
                  <ActionName text={t('adminChat.canned.edit')} about={c.title} />
                </Button>
                <ConfirmButton
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  title={t('adminChat.canned.confirmDelete')}
                  description={c.title}
                  confirmLabel={t('adminChat.canned.delete')}
                  onConfirm={() => remove.mutate(c.id)}
                >
                  <Trash2 aria-hidden="true" />
                  <ActionName text={t('adminChat.canned.delete')} about={c.title} />
                </ConfirmButton>
              </li>
            ),
          )}
        </ul>
        {editing === 'new' ? (
          <CannedForm initial={null} onDone={() => setEditing(null)} />
        ) : editing ? null : (
          <DialogFooter>
            <Button onClick={() => setEditing('new')}>{t('adminChat.canned.add')}</Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
