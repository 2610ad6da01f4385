import { generateKeyPair, randomInt } from 'node:crypto';
import { promisify } from 'node:util';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

function draw(alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** `smtp-` and 10 base32 characters (50 bits): unique by the table's constraint. */
export const newMailUsername = (): string => `smtp-${draw(BASE32, 10)}`;

/** 24 characters of 56 (about 139 bits): nothing to guess, shown once. */
export const newMailPassword = (): string => draw(PASSWORD_ALPHABET, 24);

const keyPair = promisify(generateKeyPair);

/**
 * A DKIM key for one sending domain: RSA 2048 (what receivers expect everywhere), the
 * public half as the record's p= (base64 DER), the private half as PKCS#8 PEM.
 */
export async function newDkimKey(): Promise<{ publicKey: string; privateKey: string }> {
  const { publicKey, privateKey } = await keyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: Buffer.from(publicKey).toString('base64'), privateKey };
}
