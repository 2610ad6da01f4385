/** Account rules the browser and the server share. */
export const PASSWORD_MIN_LENGTH = 10;
export const CONTACT_METHODS = ['telegram', 'phone', 'whatsapp'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
