// What the browser may import at run time: plain data and types, no Zod.
export * from './endpoint.js';
export type { Endpoints } from './endpoints/index.js';
export * from './events.js';
export * from './routes.js';
