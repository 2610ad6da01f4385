// What a row of an admin list costs to shape on this Node: `{ ...view(row), a, b }` (a
// spread, then fields of its own) against `withFields(view(row), { a, b })` and the view
// alone, on the admin payments list's own view and one of its rows. Times per row, in one
// run, so the machine's speed cancels out (docs/performance.md, "Fields after a spread").
// `node scripts/bench/fields-after-spread.mjs` after `npm run build`; CPU only, no server.
import { withFields } from '../../apps/api/dist/lib/with-fields.js';
import { toTransaction } from '../../apps/api/dist/modules/payments/payment-view.js';

const row = {
  id: '0b6f4f0e-6c33-4c43-9a1e-000000000001',
  kind: 'deposit',
  serviceName: 'Add Funds',
  servicePrice: null,
  amount: '150.00',
  amountCurrency: 'USD',
  currency: 'BTC',
  network: 'bitcoin',
  walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  cryptoAmount: '0.001234560000000000',
  txHash: 'ab'.repeat(32),
  creditAmount: '118.50',
  status: 'pending',
  adminNotes: null,
  noteCodes: [],
  itemKind: null,
  itemId: null,
  approvedAt: null,
  createdAt: '2026-11-30T12:00:00.000Z',
};
const extra = (r) => ({
  user: { id: r.id, email: 'ada@example.com' },
  approvedBy: null,
  approverEmail: null,
  explorerUrl: null,
  amountDiffers: false,
});

const shapes = {
  'view alone': (r) => toTransaction(r),
  'view, then five fields (spread)': (r) => {
    const e = extra(r);
    return {
      ...toTransaction(r),
      user: e.user,
      approvedBy: e.approvedBy,
      approverEmail: e.approverEmail,
      explorerUrl: e.explorerUrl,
      amountDiffers: e.amountDiffers,
    };
  },
  'view, then five fields (withFields)': (r) => withFields(toTransaction(r), extra(r)),
};

const ROUNDS = 500_000;
let sink = 0;
for (const [name, shape] of Object.entries(shapes)) {
  for (let i = 0; i < ROUNDS / 5; i++) sink += shape(row) ? 1 : 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) sink += shape(row) ? 1 : 0;
  const ns = Number(process.hrtime.bigint() - started) / ROUNDS;
  console.log(`${name.padEnd(40)} ${ns.toFixed(0).padStart(6)} ns a row`);
}
if (sink !== ROUNDS * 1.2 * 3) throw new Error('a shape answered nothing');
