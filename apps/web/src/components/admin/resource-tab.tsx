import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/admin/page-nav';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import {
  type CatalogueResource,
  useAdminList,
  useDeleteItem,
  useSaveItem,
} from '@/features/catalogue/admin/catalogue-admin';
import { useAdminErrorToast, useAdminFormErrors } from '@/lib/admin-errors';
import { showToast } from '@/lib/toast';
import { type FieldSpec, type FormValues, ResourceForm } from './resource-form';

export type Column<T> = { header: string; cell: (row: T) => ReactNode; ltr?: boolean };

/** The words one catalogue tab uses; each is already translated. */
export type ResourceTexts = {
  title: string;
  add: string;
  edit: string;
  deleteConfirm: string;
  empty: string;
  loadFailed: string;
};

type Props<T> = {
  resource: CatalogueResource;
  texts: ResourceTexts;
  columns: readonly Column<T>[];
  fields: readonly FieldSpec[];
  blank: FormValues;
  toValues: (row: T) => FormValues;
  /** The row's name in button labels ("Edit {{name}}"). */
  nameOf: (row: T) => string;
  /** When given, a search box filters the rows. */
  matches?: (row: T, query: string) => boolean;
  /** Extra tools beside Add, such as CSV import and export. */
  tools?: ReactNode;
  /** False while something the form needs (a list of choices) is still loading. */
  ready?: boolean;
};

type Editing<T> = { row: T | null } | null;

/** Rows on one page: an inventory of thousands of numbers stays a light page. */
const RESOURCE_PAGE_SIZE = 50;

/** One catalogue collection: its table, and dialogs to add, edit and delete rows. */
export function ResourceTab<T extends { id: string }>(props: Props<T>) {
  const { resource, texts, columns, fields, matches } = props;
  const { t } = useTranslation();
  const list = useAdminList(resource);
  // The columns are written for this collection's rows.
  const data = list.data as T[] | undefined;
  const save = useSaveItem(resource);
  const remove = useDeleteItem(resource);
  const errorToast = useAdminErrorToast();
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const form = useAdminFormErrors();
  const addButton = useRef<HTMLButtonElement>(null);
  const ready = props.ready ?? true;

  const open = (row: T | null) => {
    save.reset();
    form.clear();
    setEditing({ row });
  };

  const submit = (body: Record<string, unknown>) => {
    form.clear();
    save.mutate(
      { id: editing?.row?.id, body },
      {
        onSuccess: () => {
          setEditing(null);
          showToast('success', t('common.success'), t('admin.form.saved'));
        },
        onError: form.onError,
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        showToast('success', t('common.success'), t('admin.form.deleted'));
      },
      onError: (err) => {
        setDeleting(null);
        errorToast(err);
      },
    });
  };

  const q = query.trim().toLowerCase();
  const rows = data && matches && q ? data.filter((r) => matches(r, q)) : data;
  const pages = Math.max(1, Math.ceil((rows?.length ?? 0) / RESOURCE_PAGE_SIZE));
  // A delete can leave fewer pages than the one open: show the last, and stay there.
  const shown = Math.min(page, pages);
  if (rows && page !== shown) setPage(shown);
  const pageRows = rows?.slice((shown - 1) * RESOURCE_PAGE_SIZE, shown * RESOURCE_PAGE_SIZE);

  return (
    <section aria-label={texts.title} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="me-auto text-xl font-semibold">{texts.title}</h2>
        {matches && (
          <Input
            type="search"
            aria-label={t('admin.search')}
            placeholder={t('admin.search')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
            className="w-56"
          />
        )}
        {props.tools}
        <Button ref={addButton} onClick={() => open(null)} disabled={!ready}>
          <Plus aria-hidden="true" />
          {texts.add}
        </Button>
      </div>
      <QueryState
        query={list}
        errorText={texts.loadFailed}
        empty={q ? t('admin.noMatches') : texts.empty}
        isEmpty={() => rows?.length === 0}
      >
        {() => (
          <>
            <DataTable
              cards
              caption={texts.title}
              headers={[...columns.map((c) => c.header), { label: t('admin.actions'), end: true }]}
            >
              {pageRows?.map((row) => (
                <tr key={row.id} className="border-t">
                  {columns.map((c) => (
                    <td key={c.header} className="p-3" dir={c.ltr ? 'ltr' : undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                  <td className="whitespace-nowrap p-3 text-end">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('admin.editItem', { name: props.nameOf(row) })}
                      disabled={!ready}
                      onClick={() => open(row)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('admin.deleteItem', { name: props.nameOf(row) })}
                      onClick={() => setDeleting(row)}
                    >
                      <Trash2 aria-hidden="true" className="text-destructive" />
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
            {pages > 1 && (
              <PageNav
                label={t('admin.listPages', { list: texts.title })}
                page={shown}
                pages={pages}
                onPage={setPage}
              />
            )}
          </>
        )}
      </QueryState>

      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        <DialogContent closeLabel={t('common.close')} width="wide">
          <DialogTitle>{editing?.row ? texts.edit : texts.add}</DialogTitle>
          <DialogDescription className="sr-only">{texts.title}</DialogDescription>
          {editing && (
            <ResourceForm
              fields={fields}
              initial={editing.row ? props.toValues(editing.row) : props.blank}
              serverErrors={form.serverErrors}
              rejections={form.rejections}
              onEdit={form.clearField}
              pending={save.isPending}
              submitLabel={t('admin.form.save')}
              onSubmit={submit}
              onCancel={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)}>
        <DialogContent
          closeLabel={t('common.close')}
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            // The row (and its Delete button) may be gone: land on Add instead.
            event.preventDefault();
            addButton.current?.focus();
          }}
        >
          <DialogTitle>
            {deleting ? t('admin.deleteItem', { name: props.nameOf(deleting) }) : null}
          </DialogTitle>
          <DialogDescription>{texts.deleteConfirm}</DialogDescription>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmDelete}>
              {t('admin.delete')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
