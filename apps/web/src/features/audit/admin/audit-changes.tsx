import { BILLING_CURRENCY, CATALOGUE_CURRENCIES } from '@parley/shared/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';

type Change = { key: string; before?: unknown; after?: unknown };
type Snapshot = Record<string, unknown>;

const isRecord = (v: unknown): v is Snapshot =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What changed between two snapshots, field by field: only the fields that differ when
 * both sides are objects, every field of a new (or removed) object, the whole value otherwise.
 * Values stay as written (`undefined`: that side has none); AuditChanges formats them.
 */
export function changesOf(before: unknown, after: unknown): Change[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const differ = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    return differ.map((key) => ({ key, before: before[key] ?? null, after: after[key] ?? null }));
  }
  if ((before === null || before === undefined) && isRecord(after))
    return Object.entries(after).map(([key, v]) => ({ key, after: v }));
  if (isRecord(before) && (after === null || after === undefined))
    return Object.entries(before).map(([key, v]) => ({ key, before: v }));
  if (before == null && after == null) return [];
  return [{ key: '', before: before ?? undefined, after: after ?? undefined }];
}

/** Fields that hold an amount of money: shown in their currency, as elsewhere. */
const MONEY_FIELDS = new Set([
  'amount',
  'creditAmount',
  'balanceAfter',
  'price',
  'smsPrice',
  'voipPrice',
  'didPrice',
  'sipTrunkPrice',
  'monthlyPrice',
  'setupPrice',
]);
/** Per-message and per-minute prices keep fractions of a penny. */
const RATE_FIELDS = new Set(['smsPrice', 'voipPrice']);
const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isFiat = (c: unknown): c is string =>
  typeof c === 'string' && (CATALOGUE_CURRENCIES as readonly string[]).includes(c);

/** The currency an amount field of this snapshot is in. */
function currencyOf(key: string, snapshot: Snapshot): string {
  if (key === 'amount' && isFiat(snapshot.amountCurrency)) return snapshot.amountCurrency;
  if (key !== 'creditAmount' && key !== 'balanceAfter' && isFiat(snapshot.currency))
    return snapshot.currency;
  return BILLING_CURRENCY;
}

/** One value as an admin reads it: money, dates, yes/no and crypto amounts formatted. */
function shown(key: string, value: unknown, snapshot: Snapshot, t: TFunction, lang: string) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? t('admin.audit.yes') : t('admin.audit.no');
  if (typeof value !== 'string') return JSON.stringify(value);
  if (MONEY_FIELDS.has(key) && DECIMAL.test(value))
    return formatMoney(value, currencyOf(key, snapshot), lang, RATE_FIELDS.has(key) ? 4 : 2);
  if (key === 'cryptoAmount' && typeof snapshot.currency === 'string')
    return `${value} ${snapshot.currency}`;
  if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)))
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(value),
    );
  return value;
}

/** A field's name in the admin's language; a field this panel does not know, as written. */
function fieldName(key: string, t: TFunction, exists: (k: string) => boolean) {
  for (const k of [`admin.audit.fields.${key}`, `admin.fields.${key}`]) if (exists(k)) return t(k);
  return key;
}

/** A change list an admin can read: `field: before → after`, technical values left-to-right. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const { t, i18n } = useTranslation();
  const changes = changesOf(before, after);
  if (!changes.length) return <span className="text-muted-foreground">—</span>;
  const lang = i18n.language;
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  return (
    <ul className="space-y-0.5 text-xs">
      {changes.map((c) => (
        <li key={c.key} className="break-all">
          {c.key && <span className="font-medium">{fieldName(c.key, t, i18n.exists)}: </span>}
          {c.before !== undefined && (
            <del className="text-muted-foreground">
              <span className="sr-only">{t('admin.audit.was')} </span>
              <bdi>{shown(c.key, c.before, was, t, lang)}</bdi>
            </del>
          )}
          {c.before !== undefined && c.after !== undefined && <span aria-hidden="true"> → </span>}
          {c.after !== undefined && (
            <ins className="no-underline">
              <span className="sr-only">{t('admin.audit.now')} </span>
              <bdi>{shown(c.key, c.after, now, t, lang)}</bdi>
            </ins>
          )}
        </li>
      ))}
    </ul>
  );
}
