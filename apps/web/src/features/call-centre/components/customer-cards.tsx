import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import type { Customer } from '../sample-data';
import { CustomerStatusBadge, PriorityBadge } from './badges';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** Customers as cards (they fit a phone): every field the sample record has. */
export function CustomerCards({ customers }: { customers: Customer[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul
      className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
      data-testid="customer-list"
    >
      {customers.map((c) => (
        <li key={c.id} data-testid="customer" className="rounded-lg border bg-card p-4 shadow-sm">
          <article aria-labelledby={`customer-${c.id}`} className="space-y-3">
            <div className="flex flex-wrap items-start gap-2">
              <div className="me-auto">
                <h3 id={`customer-${c.id}`} className="font-semibold">
                  {c.name}
                </h3>
                <p className="text-sm text-muted-foreground">{c.company}</p>
              </div>
              <p className="text-lg font-bold tabular-nums">
                <span className="sr-only">{t('callCentre.crm.fields.value')}: </span>
                {format.money(c.value)}
              </p>
            </div>
            <p className="flex flex-wrap gap-2">
              <CustomerStatusBadge status={c.status} />
              <PriorityBadge priority={c.priority} />
            </p>
            <dl className="space-y-1.5 text-sm">
              <Field label={t('callCentre.crm.fields.phone')}>
                <span dir="ltr" className="font-mono">
                  {c.phone}
                </span>
              </Field>
              <Field label={t('callCentre.crm.fields.email')}>
                <span dir="ltr" className="break-all">
                  {c.email}
                </span>
              </Field>
              <Field label={t('callCentre.crm.fields.address')}>
                <bdi>{c.address}</bdi>
              </Field>
              <Field label={t('callCentre.crm.fields.source')}>
                {t(`callCentre.leadSource.${c.source}`)}
              </Field>
              <Field label={t('callCentre.crm.fields.agent')}>{c.agent}</Field>
              <Field label={t('callCentre.crm.fields.tags')}>
                <ul className="flex flex-wrap gap-1">
                  {c.tags.map((tag) => (
                    <li key={tag} className="rounded bg-muted px-2 py-0.5 text-xs">
                      {t(`callCentre.tags.${tag}`)}
                    </li>
                  ))}
                </ul>
              </Field>
              <Field label={t('callCentre.crm.fields.notes')}>
                {t(`callCentre.sample.notes.${c.note}`)}
              </Field>
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}
