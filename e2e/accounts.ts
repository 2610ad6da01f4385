import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The admin the e2e server creates at start from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const ADMIN = { email: 'admin@parley.test', password: 'e2e admin password' };

/**
 * Signs the e2e admin in through the API on this request context (a page's
 * `page.request` shares its cookies). Every test that needs an admin goes through here.
 */
export async function signInAdmin(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/admin/login', { data: ADMIN });
  expect(res.status()).toBe(200);
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
