import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findTestChromium } from '../scripts/chromium.mjs';
import { ADMIN } from './support/accounts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 5187);
// A fresh data folder per run; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
// The server's mail goes to a local SMTP sink (e2e/support/mail-sink.mjs) that keeps it in files.
process.env.E2E_SMTP_PORT ??= String(port + 1000);
process.env.E2E_MAIL_DIR ??= `${process.env.E2E_DATA_DIR}.mail`;
// Parley's SMPP server for customers' gateways listens on the port after the web server's.
process.env.E2E_SMPP_PORT ??= String(port + 1);
// Where the server's domain checks ask the DNS: e2e/mail's specs answer there while they run.
process.env.E2E_DNS_PORT ??= String(port + 3);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Two browsers, two test servers and axe share two cores: on a slow machine of that
  // size, waits that took 3 s elsewhere took over 5 and tests passed 30 s. The limits
  // give such a machine room; a passing test takes no longer for them.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? 'list' : [['list']],
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: findTestChromium(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  projects: [
    { name: 'main', testIgnore: '**/admin-catalogue.spec.ts' },
    // Changes the catalogue that other tests count, so it runs after them.
    { name: 'catalogue-changes', testMatch: '**/admin-catalogue.spec.ts', dependencies: ['main'] },
  ],
  webServer: [
    {
      command: 'node e2e/support/mail-sink.mjs',
      cwd: root,
      port: Number(process.env.E2E_SMTP_PORT),
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/api/dist/main.js',
      cwd: root,
      url: `${process.env.E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      // A first start migrates and seeds a new database; on a busy machine that takes a while.
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 'e2e-only-secret-e2e-only-secret-e2e-only',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SALES_EMAIL: 'sales@example.com',
        SUPPORT_EMAIL: 'support@example.com',
        TELEGRAM_URL: 'https://t.me/parley_support',
        WHATSAPP_URL: 'https://wa.me/15550100',
        SIP_DOMAIN: 'sip.e2e.example',
        // Every test signs a customer up from 127.0.0.1; real limits would stop the suite.
        AUTH_LIMIT_FACTOR: '100',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // Production needs the gateway named; the e2e suite never leaves the machine.
        SMS_GATEWAY: 'sandbox',
        VOICE_GATEWAY: 'sandbox',
        // The public rate sources are the default; this machine has no internet.
        RATES_FEED_SOURCES: 'off',
        ADMIN_TOTP_SECRET: ADMIN.totpSecret,
        // The sandbox gateway reports delivery quickly, so tests see it without waiting long.
        SMS_SANDBOX_DELAY_MS: '300',
        // The seeded crypto rates are set when the data folder is created; a slow run of the
        // whole suite must not outlive them (the default is 15 minutes, as in production).
        RATE_MAX_AGE_CRYPTO_MINUTES: '600',
        // Renewals a month away are within the reminder window, and the job runs often, so a
        // plan the balance cannot renew is reminded within seconds (e2e/payments/renewals.spec.ts).
        RENEWAL_REMINDER_DAYS: '31',
        RENEWAL_INTERVAL_SECONDS: '2',
        // Email (reset links, notices) goes to the sink; links point at this server.
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Parley <accounts@parley.test>',
        PUBLIC_URL: process.env.E2E_BASE_URL,
        // Webhook receivers in the specs listen on 127.0.0.1 over plain http.
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_SECONDS: '1',
        // The SMS screen offers SMPP accounts only while the SMPP server listens.
        SMPP_SERVER_HOST: '127.0.0.1',
        SMPP_SERVER_PORT: process.env.E2E_SMPP_PORT,
        // The SMTP page's settings name this host; domain checks ask a DNS on 127.0.0.1 that
        // a mail spec runs (it knows no name), never the machine's resolver.
        MAIL_HOST: 'mail.e2e.example',
        MAIL_DNS_SERVERS: `127.0.0.1:${process.env.E2E_DNS_PORT}`,
      },
    },
  ],
});
