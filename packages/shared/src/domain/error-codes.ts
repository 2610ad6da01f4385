/** Every error the API can answer with. The client translates by code. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  /** A password change whose current password is wrong (400: the user stays signed in). */
  WRONG_PASSWORD: 400,
  /** An admin's sign-in without a valid authenticator or recovery code. */
  SECOND_FACTOR_REQUIRED: 401,
  /** The second-factor set-up token is unknown or out of date: sign in again. */
  SECOND_FACTOR_SETUP_EXPIRED: 401,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  CHALLENGE_FAILED: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  INVALID_NUMBER: 400,
  INVALID_ADDRESS: 400,
  INVALID_TX_HASH: 400,
  WALLET_MISMATCH: 400,
  BELOW_MINIMUM: 422,
  PAYMENT_UNAVAILABLE: 422,
  /** Approving by hand a payment to a watched quote: the chain watcher credits it. */
  PAYMENT_AUTOMATIC: 409,
  QUOTE_EXPIRED: 409,
  TX_HASH_USED: 409,
  ALREADY_DECIDED: 409,
  /** Deciding by hand a chain deposit that is not flagged: the watcher's credit stands. */
  DEPOSIT_NOT_FLAGGED: 409,
  /** Reversing a flagged deposit whose credit the balance no longer covers. */
  REVERSAL_BALANCE_SHORT: 409,
  /** An admin approving a payment they submitted themselves. */
  SELF_APPROVAL_FORBIDDEN: 403,
  /** An admin adjusting their own balance. */
  SELF_ADJUSTMENT_FORBIDDEN: 403,
  /** A statement range with more ledger entries than one file carries. */
  STATEMENT_TOO_LARGE: 422,
  RATE_UNAVAILABLE: 503,
  DESTINATION_NOT_SUPPORTED: 422,
  INSUFFICIENT_BALANCE: 402,
  /** A renewal change the item's state does not allow (ended, one-off, nothing due). */
  SUBSCRIPTION_STATE: 409,
  /** A call while the customer's calling plan is suspended for an unpaid renewal. */
  SUBSCRIPTION_SUSPENDED: 402,
  ITEM_UNAVAILABLE: 409,
  /** An Idempotency-Key (or requestId/orderId) sent again with a different request. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** A repeat of an Idempotency-Key whose first request is still running (decision 0064). */
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  EMAIL_TAKEN: 409,
  /** A password reset link that was used, expired or replaced by a newer one. */
  RESET_LINK_INVALID: 400,
  /** An admin issuing a reset link for their own account. */
  SELF_RESET_FORBIDDEN: 403,
  ADMIN_RESET_FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** The user already has as many event streams open as allowed. */
  TOO_MANY_STREAMS: 429,
  /** This instance holds as many event streams as allowed; try again later. */
  STREAMS_UNAVAILABLE: 503,
  /** Premium-rate and shared-cost numbers are never SMS destinations. */
  PREMIUM_RATE_DESTINATION: 422,
  SHARED_COST_DESTINATION: 422,
  /** A customer's SMS per minute (SMS_PER_MINUTE) are used up; Retry-After says when. */
  SMS_RATE_LIMITED: 429,
  /** A batch with more messages than a minute allows can never be sent at once. */
  SMS_BATCH_OVER_RATE_LIMIT: 422,
  SENDER_ID_PENDING_LIMIT: 409,
  SENDER_ID_ALREADY_REQUESTED: 409,
  /** The brand sender or a number the customer rents: usable without asking. */
  SENDER_ID_NOT_NEEDED: 409,
  /** A customer has as many open quotes as allowed (MAX_OPEN_QUOTES). */
  TOO_MANY_OPEN_QUOTES: 429,
  /** A customer has as many payments awaiting approval as allowed (MAX_PENDING_PAYMENTS). */
  TOO_MANY_PENDING_PAYMENTS: 429,
  /** A caller ID that is neither one of the customer's numbers nor verified by them. */
  CALLER_ID_NOT_VERIFIED: 403,
  /** As many calls in progress as the customer's plan allows. */
  CONCURRENT_CALL_LIMIT: 429,
  /** A verification code that is wrong, or no code is waiting for that number. */
  VERIFICATION_FAILED: 400,
  /** The code's 10 minutes are over, or its 5 tries are used: ask for a new one. */
  VERIFICATION_EXPIRED: 410,
  /** Too many codes asked for one number in a short time. */
  VERIFICATION_RATE_LIMITED: 429,
  /** This number was sent as many codes this hour as allowed, whoever asked for them. */
  VERIFICATION_NUMBER_LIMITED: 429,
  /** The hour's codes for all customers together (CALLER_ID_CODES_PER_HOUR) are used up. */
  VERIFICATION_BUSY: 429,
  /** The voice gateway cannot take calls right now. */
  VOICE_UNAVAILABLE: 503,
  /** The customer has no conversation with that id (or it is another customer's). */
  NO_CHAT_SESSION: 404,
  /** A customer's chat messages per minute (CHAT_PER_MINUTE) are used up. */
  CHAT_RATE_LIMITED: 429,
  /** A conversation given to someone who is not an active admin. */
  NOT_AN_AGENT: 422,
  /** The customer's spending limits do not allow this destination ({ service, country }). */
  GUARDRAIL_COUNTRY: 422,
  /** The destination costs more than the customer's limit per SMS or per minute. */
  GUARDRAIL_PRICE: 422,
  /** It would take today's spending (UTC) over the customer's daily cap. */
  GUARDRAIL_DAILY_CAP: 422,
  /** API keys (decision 0062): an unknown, expired or revoked key, one answer for all. */
  API_KEY_INVALID: 401,
  /** The key lacks the scope this route needs. */
  API_KEY_SCOPE: 403,
  /** A route keys never reach: admin, account security, the keys themselves. */
  API_KEY_NOT_ALLOWED: 403,
  /** The customer holds as many keys as allowed (API_KEYS_MAX). */
  API_KEY_LIMIT: 409,
  /** The key's requests per minute (API_KEY_PER_MINUTE) are used up. */
  API_KEY_RATE_LIMITED: 429,
  /** Webhooks: plain http or a private address, for a host the operator does not allow. */
  WEBHOOK_URL_NOT_ALLOWED: 422,
  /** Webhooks: the customer has as many endpoints as allowed (WEBHOOK_ENDPOINTS_MAX). */
  WEBHOOK_ENDPOINT_LIMIT: 409,
  /** Webhooks: a test or a redelivery to an endpoint that is turned off. */
  WEBHOOK_ENDPOINT_DISABLED: 409,
  /** SMPP: the customer holds as many SMPP accounts as allowed (SMPP_ACCOUNTS_MAX). */
  SMPP_ACCOUNT_LIMIT: 409,
  /** SMPP: the throughput asked for is over the operator's SMPP_MAX_THROUGHPUT. */
  SMPP_THROUGHPUT_OVER_MAX: 422,
  /** SIP trunks: a trunk add-on bought with no trunk to attach it to. */
  TRUNK_REQUIRED: 409,
  /** SIP trunks: what the trunk's Analytics add-on gives, asked without it. */
  TRUNK_ADDON_REQUIRED: 403,
  /** SMTP: a relay feature asked for with no SMTP package in service. */
  MAIL_PACKAGE_REQUIRED: 403,
  /** SMTP: as many SMTP users, or sending domains, as allowed. */
  MAIL_LIMIT: 409,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
