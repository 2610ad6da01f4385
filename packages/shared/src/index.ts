export * from './contracts/auth.js';
export * from './contracts/health.js';
export * from './contracts/public-config.js';
export * from './domain/crypto.js';
export * from './domain/languages.js';
export * from './errors.js';
