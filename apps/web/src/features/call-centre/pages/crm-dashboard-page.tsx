import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerCards } from '../components/customer-cards';
import { CustomerFilters } from '../components/customer-filters';
import { DemoPage } from '../components/demo-page';
import { Figures } from '../components/figures';
import { TicketsTable } from '../components/tickets-table';
import { type CustomerFilter, filterCustomers, NO_FILTER } from '../customer-filter';
import { sumAmounts, useFormat } from '../format';
import { CUSTOMERS, TICKETS } from '../sample-data';

/** The value of the open leads: neither sold nor refused (exact decimal sum). */
const PIPELINE = sumAmounts(
  CUSTOMERS.filter((c) => c.status !== 'sale' && c.status !== 'not_interested').map((c) => c.value),
);

/** /crm-dashboard (demo): customers with a search and filters, and support tickets. */
export default function CrmDashboardPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [filter, setFilter] = useState<CustomerFilter>(NO_FILTER);
  const shown = filterCustomers(CUSTOMERS, filter, (c) => [
    t(`callCentre.leadSource.${c.source}`),
    ...c.tags.map((tag) => t(`callCentre.tags.${tag}`)),
  ]);
  return (
    <DemoPage title={t('callCentre.crm.title')} text={t('callCentre.crm.text')}>
      <Figures
        label={t('callCentre.crm.figures.title')}
        figures={[
          {
            key: 'customers',
            label: t('callCentre.crm.figures.customers'),
            value: format.count(CUSTOMERS.length),
          },
          {
            key: 'pipeline',
            label: t('callCentre.crm.figures.pipeline'),
            value: format.money(PIPELINE),
          },
          {
            key: 'qualified',
            label: t('callCentre.crm.figures.qualified'),
            value: format.count(CUSTOMERS.filter((c) => c.status === 'qualified').length),
          },
          {
            key: 'openTickets',
            label: t('callCentre.crm.figures.openTickets'),
            value: format.count(TICKETS.filter((x) => x.status !== 'resolved').length),
          },
        ]}
      />
      <section aria-labelledby="customers-title" className="space-y-4">
        <h2 id="customers-title" className="text-xl font-semibold">
          {t('callCentre.crm.customers')}
        </h2>
        <CustomerFilters value={filter} onChange={setFilter} />
        <p
          aria-live="polite"
          className="text-sm text-muted-foreground"
          data-testid="customers-shown"
        >
          {t('callCentre.crm.shown', {
            shown: format.count(shown.length),
            total: format.count(CUSTOMERS.length),
          })}
        </p>
        {shown.length === 0 ? (
          <p className="rounded-lg border p-6 text-center text-muted-foreground">
            {t('callCentre.crm.empty')}
          </p>
        ) : (
          <CustomerCards customers={shown} />
        )}
      </section>
      <TicketsTable />
    </DemoPage>
  );
}
