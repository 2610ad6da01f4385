export * from './meta.js';
