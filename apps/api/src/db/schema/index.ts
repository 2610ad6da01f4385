export * from './catalogue.js';
export * from './events.js';
export * from './payments.js';
export * from './sip-trunk.js';
export * from './system.js';
export * from './users.js';
