export * from './contracts/auth.js';
export * from './contracts/catalogue.js';
export * from './contracts/errors.js';
export * from './contracts/health.js';
export * from './contracts/payments.js';
export * from './contracts/public-config.js';
export * from './contracts/sip-trunk.js';
export * from './domain/index.js';
