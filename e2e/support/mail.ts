import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The folder where e2e/support/mail-sink.mjs keeps what the e2e server emailed. */
const dir = () => {
  const value = process.env.E2E_MAIL_DIR;
  if (!value) throw new Error('E2E_MAIL_DIR is not set (see playwright.config.ts)');
  return value;
};

/** A message's body as text: soft line breaks and quoted-printable or base64 undone. */
function bodyOf(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** The text of the newest email to `address`, waiting up to 15 s for one to arrive. */
export async function lastMailTo(address: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir())
          ? fs.readdirSync(dir()).filter((f) => f.endsWith('.json'))
          : [];
        const mine = files
          .sort()
          .map(
            (f) =>
              JSON.parse(fs.readFileSync(path.join(dir(), f), 'utf8')) as {
                to: string[];
                raw: string;
              },
          )
          .filter((m) => m.to.includes(address));
        found = mine.at(-1)?.raw;
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return bodyOf(found ?? '');
}
