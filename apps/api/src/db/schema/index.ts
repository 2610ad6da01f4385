export * from './system.js';
export * from './users.js';
