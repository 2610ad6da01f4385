import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { solvedAltcha } from '../../apps/api/test/security-check';

/**
 * The admin the e2e server creates at start from ADMIN_EMAIL, ADMIN_PASSWORD and
 * ADMIN_TOTP_SECRET (their second factor, already set up).
 */
export const ADMIN = {
  email: 'admin@parley.test',
  password: 'e2e admin password',
  totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
};

const STEP_MS = 30_000;

/** Where workers keep the run's last used step and the sign-in lock. */
function claimsDir(): string {
  const dir = `${process.env.E2E_DATA_DIR ?? '/tmp/parley-e2e'}.totp-steps`;
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds the run-wide admin sign-in lock (a folder only one worker can create) around `fn`. */
async function underSignInLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = `${claimsDir()}/lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A worker that died holding it leaves it behind: a minute is far past any sign-in.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > 60_000) fs.rmSync(lock, { recursive: true, force: true });
      await sleep(50);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Signs the e2e admin in with `submit(code)`, which must resolve once the sign-in is
 * accepted. The server takes a code only for a step later than the last one used, so
 * the run's sign-ins take turns (a lock shared by the workers) and each uses a step
 * after the previous one: the current step's or the next one's (one step either way is
 * accepted). When both are used it waits for the next step, adding that to the test's time.
 */
export async function withFreshAdminCode<T>(submit: (code: string) => Promise<T>): Promise<T> {
  const secret = Secret.fromBase32(ADMIN.totpSecret);
  return underSignInLock(async () => {
    const lastFile = `${claimsDir()}/last`;
    const last = fs.existsSync(lastFile) ? Number(fs.readFileSync(lastFile, 'utf8')) : -1;
    for (;;) {
      const now = Date.now();
      const current = Math.floor(now / STEP_MS);
      const step = Math.max(current, last + 1);
      if (step <= current + 1) {
        fs.writeFileSync(lastFile, String(step));
        return submit(TOTP.generate({ secret, timestamp: step * STEP_MS }));
      }
      const wait = (current + 1) * STEP_MS - now + 100;
      test.info().setTimeout(test.info().timeout + wait);
      await sleep(wait);
    }
  });
}

/** This worker's admin session, reused while it lasts: each fresh sign-in needs a new code. */
let adminCookie: Parameters<APIRequestContext['addCookies']>[0][number] | undefined;

/**
 * Signs the e2e admin in through the API on this request context (a page's
 * `page.request` shares its cookies), with a fresh authenticator code; later calls in
 * the same worker reuse that session while it is alive. Every test that needs an admin
 * goes through here.
 */
export async function signInAdmin(request: APIRequestContext): Promise<void> {
  if (adminCookie) {
    await request.addCookies([adminCookie]);
    const me = await request.get('/api/auth/user');
    if (me.ok() && (await me.json()).isAdmin === true) return;
  }
  await withFreshAdminCode(async (code) => {
    const res = await request.post('/api/admin/login', {
      data: { email: ADMIN.email, password: ADMIN.password, code },
    });
    expect(res.status()).toBe(200);
  });
  adminCookie = (await request.storageState()).cookies.find((c) => c.name === 'parley_session');
}

export function newCustomer() {
  return {
    first: 'Ada',
    last: 'Lovelace',
    email: `ada-${randomUUID()}@example.com`,
    password: 'correct horse battery',
  };
}

const LABELS = {
  en: {
    signUpTab: 'Sign Up',
    first: 'First name',
    last: 'Last name',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    method: 'Contact method',
    contact: 'Contact',
    terms: /I agree to the/,
    check: 'Verify security check',
    create: 'Create Account',
    signIn: 'Sign In',
  },
} as const;

/**
 * Signs `who` up through the API on the page's context (it shares the page's cookies),
 * then opens their dashboard. The form has its own specs (signUpThroughForm); the rest
 * start here, which spares each the landing page and the proof of work in a browser that
 * shares two cores with another and the server (decision 0074).
 */
export async function signUpThroughApi(page: Page, who: ReturnType<typeof newCustomer>) {
  const res = await page.request.post('/api/auth/signup', {
    data: {
      name: `${who.first} ${who.last}`,
      email: who.email,
      password: who.password,
      confirmPassword: who.password,
      contactMethod: 'telegram',
      contactValue: '@ada',
      altcha: await solvedAltcha(await (await page.request.get('/api/auth/challenge')).json()),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/dashboard');
  // The dashboard itself: a visitor would be shown the 404 page at the same address.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('#dashboard-services')).toBeVisible();
}

/** A new customer signed up through the API, on their dashboard: who they are. */
export async function signedUpCustomer(page: Page) {
  const who = newCustomer();
  await signUpThroughApi(page, who);
  return who;
}

/** Signs a new customer up through the landing page's form, security check included. */
export async function signUpThroughForm(page: Page, who: ReturnType<typeof newCustomer>) {
  const l = LABELS.en;
  await page.goto('/?auth=signup');
  const form = page.getByRole('tabpanel', { name: l.signUpTab });
  await form.getByLabel(l.first).fill(who.first);
  await form.getByLabel(l.last).fill(who.last);
  await form.getByLabel(l.email).fill(who.email);
  await form.getByLabel(l.password, { exact: true }).fill(who.password);
  await form.getByLabel(l.confirm).fill(who.password);
  await form.getByLabel(l.method).selectOption('telegram');
  await form.getByLabel(l.contact, { exact: true }).fill('@ada');
  await form.getByLabel(l.terms).check();
  const create = form.getByRole('button', { name: l.create });
  await expect(create).toBeDisabled();
  await form.getByRole('checkbox', { name: l.check }).click();
  // The proof of work takes longer on a busy machine.
  await expect(form.getByRole('checkbox', { name: l.check })).toBeChecked({ timeout: 20_000 });
  await create.click();
}
