export * from './endpoint.js';
export { type Endpoints, endpoints } from './endpoints/index.js';
export * from './events.js';
export * from './route-group.js';
export * from './routes/index.js';
export * from './scopes.js';
