/**
 * What can be wrong with one field of a request: a closed list of codes. The server sends
 * `{ path, code, params, message }` for each refused field; the browser shows the
 * translation of `code` (key `fieldErrors.<CODE>`, with `params` interpolated) and
 * never reads `message`, which is English for API users and logs.
 */
export const FIELD_CODES = [
  // Any schema's built-in checks, with zod's numbers as params.
  'REQUIRED',
  'INVALID_TYPE',
  /** { minimum } characters. */
  'TOO_SHORT',
  /** { maximum } characters. */
  'TOO_LONG',
  /** { minimum } items. */
  'TOO_FEW',
  /** { maximum } items. */
  'TOO_MANY',
  /** { minimum } as a number. */
  'TOO_SMALL',
  /** { maximum } as a number. */
  'TOO_BIG',
  /** { format } (email, uuid, date, regex…). */
  'INVALID_FORMAT',
  'INVALID_CHOICE',
  'UNKNOWN_KEYS',
  'INVALID',
  // Text anywhere.
  'NOT_ONE_LINE',
  'CONTROL_CHARACTERS',
  'INVALID_UNICODE',
  'NESTED_TOO_DEEPLY',
  // SMS and sender IDs.
  'SENDER_ID_REQUIRED',
  'SENDER_ID_CHARACTERS',
  /** { max } */
  'SENDER_ID_TOO_LONG',
  /** { max } */
  'SENDER_NUMERIC_TOO_LONG',
  /** { min } */
  'SENDER_REASON_TOO_SHORT',
  /** { max } */
  'SENDER_REASON_TOO_LONG',
  'SENDER_ID_ALREADY_REQUESTED',
  'SENDER_ID_NOT_NEEDED',
  'RECIPIENT_REQUIRED',
  'RECIPIENT_INVALID',
  /** { recipient } */
  'RECIPIENT_REFUSED',
  'MESSAGE_REQUIRED',
  /** { max } */
  'MESSAGE_TOO_LONG',
  'FILE_UNREADABLE',
  /** A CSV header names no column of numbers. */
  'RECIPIENT_COLUMN_MISSING',
  // An admin's CSV import refused as a whole.
  'CSV_EMPTY',
  /** { columns } */
  'CSV_COLUMNS_MISSING',
  /** { columns } */
  'CSV_COLUMNS_UNKNOWN',
  /** { max } */
  'CSV_TOO_MANY_ROWS',
  // Accounts.
  /** { min } */
  'PASSWORD_TOO_SHORT',
  'PASSWORDS_DIFFER',
  'PASSWORD_UNCHANGED',
  'CURRENT_PASSWORD_WRONG',
  // Payments and catalogue.
  /** { currency, network } */
  'NETWORK_MISMATCH',
  /** { network } */
  'ADDRESS_INVALID',
  'CURRENCY_UNKNOWN',
  'QUOTE_MISMATCH',
  'ITEM_REQUIRED',
  /** { minimum, currency } */
  'AMOUNT_BELOW_MINIMUM',
  /** Not a positive amount with at most two decimals. */
  'AMOUNT_INVALID',
  /** { max } */
  'AMOUNT_TOO_LARGE',
  /** { network } */
  'TX_HASH_INVALID',
  'SERVICE_UNKNOWN',
  /** { country } */
  'NUMBER_NOT_IN_COUNTRY',
  /** A number already in the inventory. */
  'NUMBER_EXISTS',
  /** A CSV line repeating an earlier one: { line }. */
  'SAME_AS_LINE',
  // Calls and caller IDs.
  'CALLER_ID_REQUIRED',
  'CALLER_ID_INVALID',
  'DESTINATION_REQUIRED',
  'DESTINATION_INVALID',
  /** A verification code is six digits. */
  'CODE_INVALID',
  // SIP trunks.
  'IP_NOT_PUBLIC',
  /** Not an IP address or a CIDR range with its host bits zero. */
  'IP_RANGE_INVALID',
  /** The edge's own address or the carrier's: never a customer's. */
  'IP_RESERVED',
  /** Another trunk's addresses overlap it. */
  'IP_TAKEN',
  /** It overlaps another address in the same list. */
  'IP_OVERLAPS',
  /** Wider than a trunk may claim: { prefix } (IPv4 /16, IPv6 /32 at most). */
  'IP_RANGE_TOO_WIDE',
  /** Not a host name or IP address with an optional port. */
  'PBX_HOST_INVALID',
  /** A trunk's caller ID must be one of the customer's numbers. */
  'TRUNK_CALLER_ID_NOT_OWNED',
  /** { max } */
  'TRUNK_CHANNELS_OVER_PACKAGE',
  // Sending domains (SMTP packages).
  'MAIL_DOMAIN_REQUIRED',
  'MAIL_DOMAIN_INVALID',
  /** The customer added this domain already. */
  'MAIL_DOMAIN_EXISTS',
  /** Another customer verified this domain. */
  'MAIL_DOMAIN_TAKEN',
  // Spending limits.
  /** Not an amount of 0 or more with at most four decimals. */
  'LIMIT_AMOUNT_INVALID',
  /** { country } */
  'COUNTRY_UNKNOWN',
  /** A country list must name one at least; "all countries" is null. */
  'COUNTRIES_EMPTY',
  // Watch-only keys (parseWatchKey's refusals).
  'WATCH_KEY_INVALID',
  'WATCH_KEY_PRIVATE',
  'WATCH_KEY_WRONG_NETWORK',
  'WATCH_KEY_WRONG_DEPTH',
  'WATCH_KEY_UNSUPPORTED',
] as const;

export type FieldCode = (typeof FIELD_CODES)[number];
export type FieldParams = Record<string, string | number>;

/** A rule's verdict on a value: what is wrong, with the numbers or names it needs. */
export interface FieldProblem {
  code: FieldCode;
  params?: FieldParams;
}

const FIELD_CODE_SET: ReadonlySet<string> = new Set(FIELD_CODES);
export const isFieldCode = (code: unknown): code is FieldCode =>
  typeof code === 'string' && FIELD_CODE_SET.has(code);

/** The reasons a bulk upload's line is skipped; error codes where one exists. */
export const BULK_LINE_CODES = [
  'RECIPIENT_INVALID',
  'RECIPIENT_DUPLICATE',
  /** { max } */
  'TOO_MANY_RECIPIENTS',
  /** { country } */
  'DESTINATION_NOT_SUPPORTED',
  'PREMIUM_RATE_DESTINATION',
  'SHARED_COST_DESTINATION',
  /** { service, country } */
  'GUARDRAIL_COUNTRY',
  /** { service, country, price, limit } */
  'GUARDRAIL_PRICE',
] as const;
export type BulkLineCode = (typeof BULK_LINE_CODES)[number];
