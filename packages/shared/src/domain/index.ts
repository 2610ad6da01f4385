// Plain values and functions with no dependencies: safe for the browser's first bundle.
export * from './auth.js';
export * from './catalogue.js';
export * from './crypto.js';
export * from './csv.js';
export * from './dashboard-stats.js';
export * from './error-codes.js';
export * from './field-codes.js';
export * from './languages.js';
export * from './money.js';
export * from './payment-uri.js';
export * from './public-config.js';
export * from './sender-id.js';
export * from './sip-trunk.js';
export * from './sms.js';
export * from './sms-rules.js';
export * from './text.js';
export * from './voice-rating.js';
