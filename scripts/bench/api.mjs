// Parley's API as the bench's customers and admin call it: sessions, sign-ups and the
// payments set-up.
import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { Secret, TOTP } from 'otpauth';
import { BENCH_ADMIN, BTC } from './config.mjs';

export const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('parley_session=')) ?? '';

/** A JSON call that must answer `expected`; anything else stops the run with the body. */
export async function call(url, method, pathname, { cookie, body, expected = [200, 201] } = {}) {
  const res = await fetch(url + pathname, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!expected.includes(res.status))
    throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
  return { res, json: text ? JSON.parse(text) : null };
}

/**
 * Signs the admin in with their authenticator's code. The server takes each code once and
 * one step either way, so when this step's was used (a run moments ago) the next one's is.
 */
export async function adminSession(url) {
  const secret = Secret.fromBase32(BENCH_ADMIN.totpSecret);
  const step = Math.floor(Date.now() / 30_000);
  let answer;
  for (const at of [step, step + 1]) {
    const code = TOTP.generate({ secret, timestamp: at * 30_000 });
    answer = await call(url, 'POST', '/api/admin/login', {
      body: { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password, code },
      expected: [200, 401],
    });
    if (answer.res.status === 200) return cookieOf(answer.res);
  }
  throw new Error(`POST /api/admin/login: ${answer.res.status} ${JSON.stringify(answer.json)}`);
}

/** Signs a customer up the way the browser does, security check included. */
export async function signUpCustomer(url, label) {
  const { json: challenge } = await call(url, 'GET', '/api/auth/challenge');
  const solution = await solveChallenge({ challenge, deriveKey });
  const { res, json } = await call(url, 'POST', '/api/auth/signup', {
    body: {
      name: `Bench ${label}`,
      email: `bench-${label}-${Date.now()}-${process.pid}@parley.test`,
      password: 'bench customer password',
      confirmPassword: 'bench customer password',
      contactMethod: 'telegram',
      contactValue: '@bench',
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
  });
  return { id: json.id, cookie: cookieOf(res) };
}

/** Fresh rates and an active BTC wallet, so quotes work on a long-lived bench database. */
export async function preparePayments(url, admin) {
  for (const [pair, rate] of [
    ['BTC/USD', '95000'],
    ['USD/GBP', '0.79'],
  ])
    await call(url, 'PUT', `/api/admin/rates/${pair}`, { cookie: admin, body: { rate } });
  const wallet = { currency: 'BTC', network: 'bitcoin', address: BTC, walletType: 'cold_storage' };
  await call(url, 'POST', '/api/admin/crypto-wallets', {
    cookie: admin,
    body: wallet,
    expected: [201, 409],
  });
  const { json: wallets } = await call(url, 'GET', '/api/admin/crypto-wallets', { cookie: admin });
  const btc = wallets.find((w) => w.currency === 'BTC' && w.address === BTC);
  if (btc && !btc.isActive)
    await call(url, 'PUT', `/api/admin/crypto-wallets/${btc.id}`, {
      cookie: admin,
      body: { isActive: true },
    });
}

export const topUp = {
  amount: '100.00',
  currency: 'BTC',
  walletAddress: BTC,
  serviceName: 'Add Funds',
};
/** Each payment names its own (made-up) bitcoin transaction hash: the server takes each once. */
export const txHash = () => randomBytes(32).toString('hex');
