/**
 * Text isolated from its surroundings' direction (FSI … PDI, what <bdi> does for an
 * element): an email, an amount or a reference placed inside a translated sentence keeps
 * its own order in Arabic.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * Text that reads left to right whatever surrounds it (LRI … PDI): a phone number, whose
 * leading plus has no direction of its own and would otherwise end up last in Arabic.
 */
export const ltr = (text: string) => `\u2066${text}\u2069`;

/** A name as shown among translated text: a phone number left to right, anything else isolated. */
export const isolateName = (text: string) =>
  /^\+?[\d\s().-]+$/.test(text) ? ltr(text) : isolate(text);
