import PaymentPage from './payment-page';

/** The Add Funds page: the payment page for a top-up of any amount. */
export default function AddFundsPage() {
  return <PaymentPage addFunds />;
}
