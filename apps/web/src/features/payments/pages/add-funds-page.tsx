import PaymentPage from './payment-page';

/** The Add Funds page (SPEC §2): the payment page for a top-up of any amount. */
export default function AddFundsPage() {
  return <PaymentPage addFunds />;
}
