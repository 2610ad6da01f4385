import type { CsvImportResult } from '@parley/shared';
import { COUNTRY_PRICING_CSV_COLUMNS, NUMBER_CSV_COLUMNS } from '@parley/shared/domain';
import { Download, Upload } from 'lucide-react';
import { type ChangeEvent, Fragment, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { StickyHead } from '@/components/sticky-head';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldText } from '@/lib/field-errors';
import { isUnauthorized } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';
import { useCsvImport } from './catalogue-admin';

const COLUMNS = { 'country-pricing': COUNTRY_PRICING_CSV_COLUMNS, numbers: NUMBER_CSV_COLUMNS };

export function CsvExportLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} download className={buttonVariants({ variant: 'outline' })}>
      <Download aria-hidden="true" />
      {t('admin.csv.export')}
    </a>
  );
}

/** The preview's rows, those with problems first (each group in file order). */
export function problemsFirst<T extends { line: number; errors: readonly unknown[] }>(
  rows: readonly T[],
): T[] {
  const bad = (r: T) => (r.errors.length > 0 ? 0 : 1);
  return [...rows].sort((a, b) => bad(a) - bad(b) || a.line - b.line);
}

/**
 * Upload in two steps: the server first answers with what each line would do and
 * what is wrong with it; only an error-free preview can be committed, all at once.
 * The dialog fits any window: its title and its buttons stay in view while the file
 * field and the preview scroll between them, problem rows first. A file refused as a
 * whole (unreadable, empty, a wrong header, too many rows) is said inside the dialog,
 * each problem translated by its code, not in a toast behind it.
 */
export function CsvImport({ resource }: { resource: 'country-pricing' | 'numbers' }) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useCsvImport(resource);
  const messageOf = useFormErrorMessage();
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvImportResult | null>(null);
  const [fileName, setFileName] = useState('');
  // Bumped on close, so a file still being read for a closed dialog is ignored.
  const session = useRef(0);

  const close = () => {
    session.current++;
    setFileName('');
    setOpen(false);
    setCsv(null);
    setPreview(null);
    setProblems([]);
    upload.reset();
  };

  const refused = (err: unknown) => {
    if (isUnauthorized(err)) return;
    const failed = t('admin.operationFailed');
    const fields = err instanceof ApiError ? Object.values(err.fields) : [];
    const texts = fields.flatMap((f) => fieldText(t, f) ?? []);
    setProblems(texts.length ? texts : [messageOf(err, failed, failed)]);
  };

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again, once fixed, reads it again.
    input.value = '';
    setPreview(null);
    setProblems([]);
    if (!file) return;
    const mine = session.current;
    const text = await file.text();
    if (mine !== session.current) return;
    setFileName(file.name);
    setCsv(text);
    upload.mutate(
      { csv: text, commit: false },
      {
        onSuccess: (result) => mine === session.current && setPreview(result),
        onError: (err) => mine === session.current && refused(err),
      },
    );
  }

  function commit() {
    if (!csv) return;
    upload.mutate(
      { csv, commit: true },
      {
        onSuccess: (result) => {
          if (!result.committed) return setPreview(result);
          showToast(
            'success',
            t('common.success'),
            t('admin.csv.imported', { count: result.rows.length }),
          );
          close();
        },
        onError: refused,
      },
    );
  }

  const bad = preview?.rows.filter((r) => r.errors.length > 0).length ?? 0;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {t('admin.csv.import')}
      </Button>
      <Dialog open={open} onOpenChange={(o) => !o && close()}>
        <DialogContent
          closeLabel={t('common.close')}
          width="wider"
          className="grid-rows-[auto_minmax(0,1fr)_auto]"
        >
          <div className="space-y-2 pe-6">
            <DialogTitle>{t('admin.csv.import')}</DialogTitle>
            <DialogDescription>
              {t('admin.csv.columns')}{' '}
              {/* A line may break after each comma (<wbr>, which a copy leaves out). */}
              <code dir="ltr" className="wrap-anywhere">
                {COLUMNS[resource].map((column, i) => (
                  <Fragment key={column}>
                    {i > 0 && (
                      <>
                        ,<wbr />
                      </>
                    )}
                    {column}
                  </Fragment>
                ))}
              </code>
            </DialogDescription>
          </div>
          <div className="min-h-0 space-y-4 overflow-y-auto">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-file`}>{t('admin.csv.file')}</Label>
              <input
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv"
                onChange={choose}
                className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2"
              />
              {fileName && (
                <p className="break-all text-sm text-muted-foreground" dir="ltr">
                  {fileName}
                </p>
              )}
            </div>
            {upload.isPending && <p role="status">{t('common.loading')}</p>}
            {problems.length > 0 && (
              <div role="alert" className="text-sm text-destructive">
                <ul className="space-y-1">
                  {problems.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              </div>
            )}
            {preview && (
              <div className="space-y-3">
                <p role="status" className={bad ? 'text-destructive' : 'text-green-800'}>
                  {bad
                    ? t('admin.csv.invalid', { count: bad })
                    : t('admin.csv.ready', { count: preview.rows.length })}
                </p>
                <div className="rounded-lg border">
                  <table className="w-full text-sm">
                    <caption className="sr-only">{t('admin.csv.preview')}</caption>
                    {/* Sticks to the top of the dialog's scrolling body. */}
                    <StickyHead
                      labels={[
                        t('admin.csv.line'),
                        t('admin.csv.item'),
                        t('admin.csv.action'),
                        t('admin.csv.problems'),
                      ]}
                    />
                    <tbody>
                      {problemsFirst(preview.rows).map((r) => (
                        <tr
                          key={r.line}
                          className={r.errors.length ? 'border-t bg-red-50' : 'border-t'}
                        >
                          <td className="p-2">{r.line}</td>
                          <td className="p-2 wrap-anywhere">{r.label}</td>
                          <td className="p-2">{t(`admin.csv.${r.action}`)}</td>
                          <td className="p-2 wrap-anywhere text-destructive">
                            {r.errors.map((e) => `${e.field}: ${fieldText(t, e)}`).join('; ')}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              disabled={!preview || bad > 0 || preview.rows.length === 0 || upload.isPending}
              onClick={commit}
            >
              {t('admin.csv.commit', { count: preview?.rows.length ?? 0 })}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
