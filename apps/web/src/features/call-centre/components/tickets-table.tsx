import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import { TICKETS } from '../sample-data';
import { PriorityBadge, TicketStatusBadge } from './badges';
import { Table } from './table';

/** Support tickets (sample data), scrolling sideways on a phone. */
export function TicketsTable() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section aria-labelledby="tickets-title" className="space-y-3">
      <h2 id="tickets-title" className="text-xl font-semibold">
        {t('callCentre.crm.tickets.title')}
      </h2>
      <Table
        caption={t('callCentre.crm.tickets.title')}
        columns={[
          { label: t('callCentre.crm.tickets.id') },
          { label: t('callCentre.crm.tickets.subject') },
          { label: t('callCentre.crm.tickets.customer') },
          { label: t('callCentre.crm.fields.priority') },
          { label: t('callCentre.crm.fields.status') },
          { label: t('callCentre.crm.tickets.opened') },
        ]}
      >
        {TICKETS.map((ticket) => (
          <tr key={ticket.id} className="border-t">
            <td className="p-3 font-mono whitespace-nowrap">
              <bdi>{ticket.id}</bdi>
            </td>
            <td className="min-w-48 p-3">{t(`callCentre.sample.tickets.${ticket.subject}`)}</td>
            <td className="p-3 whitespace-nowrap">{ticket.customer}</td>
            <td className="p-3">
              <PriorityBadge priority={ticket.priority} />
            </td>
            <td className="p-3">
              <TicketStatusBadge status={ticket.status} />
            </td>
            <td className="p-3 whitespace-nowrap">{format.date(ticket.opened)}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
