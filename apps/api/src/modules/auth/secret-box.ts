import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets kept in the database (admins' TOTP secrets, SIP passwords), so a copy of
 * the database alone does not give away anyone's second factor. The key is derived with
 * HKDF from TOTP_ENCRYPTION_KEY, or from the session secret when that is unset
 * (decision 0011). A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export function createSecretBox(keyMaterial: string, purpose = 'totp-secret-encryption') {
  // Each purpose (TOTP secrets, SIP passwords) derives its own key from the material.
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'parley', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** The plain text, or null when the value was sealed with another key or altered. */
    open(sealed: string): string | null {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
