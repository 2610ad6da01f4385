import { STATEMENT_MAX_DAYS } from '@parley/shared/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { downloadStatement } from './user-detail';

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** What is wrong with a range, as the server judges it (both days, in order, a year at most). */
function rangeProblem(from: string, to: string): 'required' | 'order' | 'long' | null {
  if (!isDay(from) || !isDay(to)) return 'required';
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days < 0) return 'order';
  if (days >= STATEMENT_MAX_DAYS) return 'long';
  return null;
}

/**
 * A statement of any range of days (UTC) as a CSV file: opening balance, every entry
 * with the balance after it, closing balance. This month so far unless changed.
 */
export function StatementDownload({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const today = new Date();
  const [from, setFrom] = useState(
    dayOf(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))),
  );
  const [to, setTo] = useState(dayOf(today));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = rangeProblem(from, to);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadStatement(userId, from, to);
    } catch (err) {
      setFailure(
        err instanceof ApiError && err.code === 'STATEMENT_TOO_LARGE'
          ? t('adminUsers.statement.tooLarge')
          : t('adminUsers.statement.failed'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="statement-title" className="space-y-3 rounded-lg border p-4">
      <h3 id="statement-title" className="font-semibold">
        {t('adminUsers.statement.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('adminUsers.statement.text')}</p>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormField
          id="statement-from"
          label={t('adminUsers.statement.from')}
          className="flex flex-col gap-1"
        >
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField
          id="statement-to"
          label={t('adminUsers.statement.to')}
          error={problem ? t(`adminUsers.statement.${problem}`, { max: STATEMENT_MAX_DAYS }) : null}
          className="flex flex-col gap-1"
        >
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
        <Button variant="outline" disabled={problem !== null || busy} onClick={download}>
          {t('adminUsers.statement.download')}
        </Button>
      </div>
      <FormError message={failure} />
    </section>
  );
}
