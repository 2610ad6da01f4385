/**
 * Text isolated from its surroundings' direction (FSI … PDI, what <bdi> does for an
 * element): an email, an amount or a reference placed inside a translated sentence keeps
 * its own order in Arabic.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
