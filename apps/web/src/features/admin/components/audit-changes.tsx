import { useTranslation } from 'react-i18next';

type Change = { key: string; before?: string; after?: string };

const text = (v: unknown) =>
  v === undefined ? undefined : v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What changed between two snapshots, field by field: only the fields that differ when
 * both sides are objects, every field of a new (or removed) object, the whole value otherwise.
 */
export function changesOf(before: unknown, after: unknown): Change[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const differ = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    return differ.map((key) => ({ key, before: text(before[key]), after: text(after[key]) }));
  }
  if ((before === null || before === undefined) && isRecord(after))
    return Object.entries(after).map(([key, v]) => ({ key, after: text(v) }));
  if (isRecord(before) && (after === null || after === undefined))
    return Object.entries(before).map(([key, v]) => ({ key, before: text(v) }));
  if (before == null && after == null) return [];
  return [{ key: '', before: text(before ?? undefined), after: text(after ?? undefined) }];
}

/** A change list an admin can read: `field: before → after`, technical values left-to-right. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const changes = changesOf(before, after);
  if (!changes.length) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-0.5 text-xs" dir="ltr">
      {changes.map((c) => (
        <li key={c.key} className="break-all">
          {c.key && <span className="font-medium">{c.key}: </span>}
          {c.before !== undefined && (
            <del className="text-muted-foreground">
              <span className="sr-only">{t('admin.audit.was')} </span>
              {c.before}
            </del>
          )}
          {c.before !== undefined && c.after !== undefined && <span aria-hidden="true"> → </span>}
          {c.after !== undefined && (
            <ins className="no-underline">
              <span className="sr-only">{t('admin.audit.now')} </span>
              {c.after}
            </ins>
          )}
        </li>
      ))}
    </ul>
  );
}
