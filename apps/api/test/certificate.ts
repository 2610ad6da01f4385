import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { tempDir } from './helpers.js';

/** A self-signed certificate for 127.0.0.1 and localhost, valid a day (openssl). */
export function selfSignedCertificate(): { certificate: string; privateKey: string } {
  const dir = tempDir('parley-cert-');
  const privateKey = path.join(dir, 'key.pem');
  const certificate = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      privateKey,
      '-out',
      certificate,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore', timeout: 30_000 },
  );
  return { certificate, privateKey };
}
