import type { PublicConfig } from '@parley/shared';
import { PUBLIC_CONFIG_ELEMENT_ID } from '@parley/shared/domain';

const FALLBACK: PublicConfig = {
  salesEmail: 'sales@parley.example',
  supportEmail: 'support@parley.example',
  whatsappUrl: null,
  telegramUrl: null,
  sipDomain: 'sip.parley.example',
};

let cached: PublicConfig | null = null;

/** The settings the server embedded in index.html (absent under the Vite dev server). */
export function getPublicConfig(): PublicConfig {
  if (cached) return cached;
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  let parsed: PublicConfig = FALLBACK;
  if (text) {
    // The server validated these values at boot; here we only guard the shape.
    try {
      const value = JSON.parse(text) as Partial<PublicConfig>;
      parsed = {
        salesEmail: typeof value.salesEmail === 'string' ? value.salesEmail : FALLBACK.salesEmail,
        supportEmail:
          typeof value.supportEmail === 'string' ? value.supportEmail : FALLBACK.supportEmail,
        whatsappUrl: typeof value.whatsappUrl === 'string' ? value.whatsappUrl : null,
        telegramUrl: typeof value.telegramUrl === 'string' ? value.telegramUrl : null,
        sipDomain: typeof value.sipDomain === 'string' ? value.sipDomain : FALLBACK.sipDomain,
      };
    } catch {
      console.warn('Ignoring unreadable public configuration');
    }
  }
  cached = parsed;
  return parsed;
}
