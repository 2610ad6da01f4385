/**
 * A write the database's rules refused, named in the domain's words so services can
 * answer it without knowing the database: a duplicate of a unique value, a reference
 * to a row that does not exist, or a delete of a row others still point at.
 */
export type ConstraintKind = 'duplicate' | 'missing-reference' | 'still-referenced';

export class ConstraintError extends Error {
  constructor(
    readonly kind: ConstraintKind,
    options?: { cause?: unknown },
  ) {
    super(`Refused by a database rule: ${kind}`, options);
  }
}
