import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { count, optional } from './env-fields.js';

/** Parley's own SMPP server, for customers' gateways (decision 0066). Off by default. */
export interface SmppServerConfig {
  /** The address both listeners bind to. */
  host: string;
  /** Plain SMPP; null: off. */
  port: number | null;
  /** SMPP over TLS; null: off. The certificate and key are PEM text. */
  tls: { port: number; cert: string; key: string } | null;
  /** What the SMS screen tells customers to connect to. */
  publicHost: string;
  /** The most an account may set as its submit_sm a second. */
  maxThroughput: number;
  /** Requests a session may have outstanding at once before it is refused. */
  window: number;
}

const port = z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535);

/** The environment keys of the SMPP server (read by config/env.ts). */
export const smppServerEnvShape = {
  SMPP_SERVER_PORT: optional(port),
  SMPP_SERVER_HOST: optional(z.string().min(1)),
  SMPP_SERVER_TLS_PORT: optional(port),
  SMPP_SERVER_TLS_CERT: optional(z.string().min(1)),
  SMPP_SERVER_TLS_KEY: optional(z.string().min(1)),
  SMPP_SERVER_PUBLIC_HOST: optional(
    z.string().regex(/^[A-Za-z0-9.:-]{1,253}$/, 'must be a host name'),
  ),
  SMPP_MAX_THROUGHPUT: count(1, 10_000),
  SMPP_WINDOW: count(1, 1000),
};

type SmppServerEnv = {
  SMPP_SERVER_PORT?: number;
  SMPP_SERVER_HOST?: string;
  SMPP_SERVER_TLS_PORT?: number;
  SMPP_SERVER_TLS_CERT?: string;
  SMPP_SERVER_TLS_KEY?: string;
  SMPP_SERVER_PUBLIC_HOST?: string;
  SMPP_MAX_THROUGHPUT?: number;
  SMPP_WINDOW?: number;
};

/** A PEM file's text, or a problem naming the key (never the value). */
function pem(key: string, file: string | undefined, marker: RegExp, problems: string[]) {
  if (!file) {
    problems.push(`${key}: is required with SMPP_SERVER_TLS_PORT`);
    return '';
  }
  try {
    const text = fs.readFileSync(path.resolve(file), 'utf8');
    if (!marker.test(text)) problems.push(`${key}: must be a PEM file`);
    return text;
  } catch {
    problems.push(`${key}: cannot be read`);
    return '';
  }
}

/** The SMPP server's settings, and what is wrong with them (the PEM files are read here). */
export function smppServerSettings(
  e: SmppServerEnv,
  defaults: { host: string; publicHost: string },
): { problems: string[]; config: SmppServerConfig } {
  const problems: string[] = [];
  let tls: SmppServerConfig['tls'] = null;
  if (e.SMPP_SERVER_TLS_PORT !== undefined) {
    const cert = pem(
      'SMPP_SERVER_TLS_CERT',
      e.SMPP_SERVER_TLS_CERT,
      /-----BEGIN CERTIFICATE-----/,
      problems,
    );
    const key = pem(
      'SMPP_SERVER_TLS_KEY',
      e.SMPP_SERVER_TLS_KEY,
      /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
      problems,
    );
    tls = { port: e.SMPP_SERVER_TLS_PORT, cert, key };
  } else if (e.SMPP_SERVER_TLS_CERT || e.SMPP_SERVER_TLS_KEY)
    problems.push('SMPP_SERVER_TLS_CERT: is used only with SMPP_SERVER_TLS_PORT');
  return {
    problems,
    config: {
      host: e.SMPP_SERVER_HOST ?? defaults.host,
      port: e.SMPP_SERVER_PORT ?? null,
      tls,
      publicHost: e.SMPP_SERVER_PUBLIC_HOST ?? defaults.publicHost,
      maxThroughput: e.SMPP_MAX_THROUGHPUT ?? 100,
      window: e.SMPP_WINDOW ?? 10,
    },
  };
}
