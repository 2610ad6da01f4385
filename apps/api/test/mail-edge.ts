// Test peers of the mail edge, all on 127.0.0.1: an authoritative DNS server, SMTP sinks
// as recipients' MX hosts and as a smarthost, and the edge itself as a child process
// (npm run mail:edge, see api-entry.ts).
import type { ChildProcess } from 'node:child_process';
import { promises as dns } from 'node:dns';
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';
import { SMTPServer } from 'smtp-server';
import { spawnApi } from './api-entry.js';

type RecordType = 'MX' | 'A' | 'TXT' | 'CNAME';

/** A DNS server answering MX, A, TXT and CNAME from records the test adds. */
export async function startDns() {
  const { Packet } = dns2;
  const records = new Map<string, { type: RecordType; value: string }[]>();
  const answer = (name: string, type: RecordType, value: string) => {
    const base = { name, class: Packet.CLASS.IN, ttl: 1 };
    if (type === 'MX') return { ...base, type: Packet.TYPE.MX, exchange: value, priority: 10 };
    if (type === 'A') return { ...base, type: Packet.TYPE.A, address: value };
    if (type === 'CNAME') return { ...base, type: Packet.TYPE.CNAME, domain: value };
    // TXT: character-strings of at most 255 octets.
    return { ...base, type: Packet.TYPE.TXT, data: value.match(/.{1,255}/g) ?? [''] };
  };
  const server = dns2.createServer({
    udp: true,
    handle: (request, reply) => {
      const response = Packet.createResponseFromRequest(request);
      for (const q of request.questions) {
        const name = q.name.toLowerCase();
        for (const r of records.get(name) ?? [])
          if (Packet.TYPE[r.type] === q.type || r.type === 'CNAME')
            response.answers.push(answer(q.name, r.type, r.value) as never);
      }
      reply(response);
    },
  });
  const { udp } = (await server.listen({ udp: { port: 0, address: '127.0.0.1' } })) as {
    udp: AddressInfo;
  };
  const resolver = new dns.Resolver();
  resolver.setServers([`127.0.0.1:${udp.port}`]);
  return {
    server: `127.0.0.1:${udp.port}`,
    add(name: string, type: RecordType, value: string) {
      const key = name.toLowerCase().replace(/\.$/, '');
      records.set(key, [...(records.get(key) ?? []), { type, value }]);
    },
    /** For mailauth: (name, rrtype) → what node's resolver answers. */
    resolve: (name: string, rrtype: string) => resolver.resolve(name, rrtype as 'TXT'),
    close: () => server.close(),
  };
}

export interface Sunk {
  from: string;
  to: string[];
  raw: string;
}

/**
 * An SMTP server (smtp-server) keeping what it takes. `refuseRcpt` answers a recipient
 * with a code; `deferData(address, n)` answers DATA for it 451 n times first. With
 * `auth`, it is a smarthost that wants that user and password.
 */
export async function startSink(auth?: { user: string; pass: string }) {
  const received: Sunk[] = [];
  const refuseRcpt = new Map<string, number>();
  const defers = new Map<string, number>();
  const logins: string[] = [];
  const sinkErrors: Error[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    onAuth(a, _session, cb) {
      logins.push(a.username ?? '');
      if (auth && a.username === auth.user && a.password === auth.pass)
        return cb(null, { user: a.username });
      cb(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      const code = refuseRcpt.get(address.address.toLowerCase());
      if (code) return cb(Object.assign(new Error('No such user here'), { responseCode: code }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const deferred = to.find((a) => (defers.get(a) ?? 0) > 0);
        if (deferred) {
          defers.set(deferred, (defers.get(deferred) ?? 1) - 1);
          return cb(Object.assign(new Error('Greylisted, try later'), { responseCode: 451 }));
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ from, to, raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  // A connection the edge drops (its process SIGKILLed mid-session) is emitted here as
  // ECONNRESET; with no listener it would be an uncaught exception in the test run.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') sinkErrors.push(err);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    /** Errors other than a peer's dropped connection: a test may assert there are none. */
    errors: sinkErrors,
    received,
    logins,
    refuseRcpt: (address: string, code: number) => refuseRcpt.set(address.toLowerCase(), code),
    deferData: (address: string, times: number) => defers.set(address.toLowerCase(), times),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** npm run mail:edge as a child process (see api-entry.ts), until its readiness line. */
export async function startEdgeProcess(env: Record<string, string>) {
  const child: ChildProcess = spawnApi('cli/mail-edge', env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += String(d);
  });
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const end = Date.now() + 45_000;
  while (!/mail:edge ready/.test(stdout)) {
    if (child.exitCode !== null || Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`the edge did not start:\n${stdout}\n${stderr.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const harakaPid = Number(/Haraka \(pid (\d+)\)/.exec(stdout)?.[1]);
  return {
    child,
    harakaPid,
    exited,
    line: () => stdout.trim(),
    log: () => stderr,
    /** Ends it by its PID (SIGTERM, then SIGKILL after 5 s). */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
export type EdgeProcess = Awaited<ReturnType<typeof startEdgeProcess>>;

/** npm run mail:edge expected to refuse to start: its exit code and what it wrote. */
export async function edgeRefusal(env: Record<string, string>) {
  const child = spawnApi('cli/mail-edge', env);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}
