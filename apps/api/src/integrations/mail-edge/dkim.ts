import { dkimSign } from 'mailauth/lib/dkim/sign.js';

export interface DkimKey {
  domain: string;
  selector: string;
  /** PEM. */
  privateKey: string;
}

/**
 * The DKIM-Signature header's value for `message` (relaxed/relaxed, rsa-sha256), on one
 * line: Haraka writes headers it adds with its own line endings, and relaxed
 * canonicalization reads a folded and an unfolded header alike.
 */
export async function dkimSignature(message: Buffer, key: DkimKey): Promise<string> {
  const { signatures, errors } = await dkimSign(message, {
    canonicalization: 'relaxed/relaxed',
    algorithm: 'rsa-sha256',
    signTime: new Date(),
    signatureData: [
      { signingDomain: key.domain, selector: key.selector, privateKey: key.privateKey },
    ],
  });
  const header = signatures.trim();
  if (errors.length > 0 || !/^DKIM-Signature:/i.test(header))
    throw new Error(`DKIM signing for ${key.domain} failed`);
  return header
    .replace(/^DKIM-Signature:\s*/i, '')
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}
