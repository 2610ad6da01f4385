export * from './catalogue.js';
export * from './system.js';
export * from './users.js';
