import { randomInt } from 'node:crypto';

/** RFC 4648's base32 alphabet in lower case: no 0, 1, 8 or 9 to misread. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** Letters and digits without look-alikes (0 O o, 1 l I). */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** SMPP v3.4 gives the password 9 octets with its NUL. */
export const SMPP_PASSWORD_LENGTH = 8;

/** Characters drawn uniformly (randomInt has no modulo bias) from a CSPRNG. */
function draw(alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** `p` and 7 base32 characters (35 bits): well within SMPP's 15-character system_id. */
export const newSystemId = (): string => `p${draw(BASE32, 7)}`;

/** 8 characters of 56 (about 46 bits), behind argon2id and the bind failure limits. */
export const newSmppPassword = (): string => draw(PASSWORD_ALPHABET, SMPP_PASSWORD_LENGTH);
