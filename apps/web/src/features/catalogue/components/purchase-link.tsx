import { Link } from 'react-router';
import { ActionName } from '@/components/action-name';
import { buttonVariants } from '@/components/ui/button';

/**
 * A way to buy one catalogue item: /payment with the service, what it is, its shown
 * price and its id. The payment step prices the item again from the id.
 */
export function PurchaseLink({
  service,
  type,
  price,
  item,
  about,
  extra,
  children,
}: {
  service: string;
  type: string;
  price: string;
  /** The package's or SIP domain's id. */
  item: string;
  /** What is bought, heard after the visible text ("Purchase Now (Starter)"). */
  about: string;
  /** More for the payment step, such as the trunk an add-on is for. */
  extra?: Record<string, string>;
  children: string;
}) {
  const query = new URLSearchParams({ service, type, price, item, ...extra });
  return (
    <Link to={`/payment?${query}`} className={`${buttonVariants()} w-full`}>
      <ActionName text={children} about={about} />
    </Link>
  );
}
