import type { Customer, CustomerStatus, Priority } from './sample-data';

export type CustomerFilter = {
  search: string;
  status: CustomerStatus | '';
  priority: Priority | '';
};

export const NO_FILTER: CustomerFilter = { search: '', status: '', priority: '' };

/**
 * The customers matching every part of the filter. The search finds its words, in any
 * case, in the name, company, phone (digits only too), email, address or assigned agent,
 * or a tag's or lead source's translated name (`labels`).
 */
export function filterCustomers(
  customers: readonly Customer[],
  filter: CustomerFilter,
  labels: (c: Customer) => string[] = () => [],
): Customer[] {
  const words = filter.search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return customers.filter((c) => {
    if (filter.status && c.status !== filter.status) return false;
    if (filter.priority && c.priority !== filter.priority) return false;
    if (words.length === 0) return true;
    const text = [
      c.name,
      c.company,
      c.phone,
      c.phone.replace(/\D/g, ''),
      c.email,
      c.address,
      c.agent,
      ...labels(c),
    ]
      .join(' ')
      .toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}
