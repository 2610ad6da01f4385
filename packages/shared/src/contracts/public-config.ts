import { z } from 'zod';

/**
 * Settings the browser needs before it can ask the API anything: contact channels
 * shown in the footer, the Contact section and the help widget. The server embeds
 * them in index.html; a missing channel is hidden rather than faked.
 */
export const publicConfigSchema = z.object({
  salesEmail: z.email(),
  supportEmail: z.email(),
  whatsappUrl: z.url().nullable(),
  telegramUrl: z.url().nullable(),
  /** Where SIP phones and trunks register (SIP_DOMAIN). */
  sipDomain: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
