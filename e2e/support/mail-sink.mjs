// The e2e server's mail server: a real SMTP server (smtp-server) on 127.0.0.1 that keeps
// each message it accepts as a JSON file ({ to, raw }) in the folder named by
// E2E_MAIL_DIR, where the specs read them (e2e/support/mail.ts). Started by playwright.config.ts.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = process.env.E2E_MAIL_DIR;
const port = Number(process.env.E2E_SMTP_PORT);
if (!dir || !port) throw new Error('E2E_MAIL_DIR and E2E_SMTP_PORT are required');
fs.mkdirSync(dir, { recursive: true });
let n = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const raw = Buffer.concat(chunks).toString('utf8');
      const file = path.join(dir, `${Date.now()}-${process.pid}-${n++}.json`);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ to, raw }));
      fs.renameSync(`${file}.tmp`, file);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
