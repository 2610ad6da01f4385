export * from './endpoint.js';
export { type Endpoints, endpoints } from './endpoints/index.js';
export * from './events.js';
export * from './routes.js';
