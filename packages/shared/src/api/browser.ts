// What the browser may import at run time: plain data and types, no Zod. Each route
// group comes from its own module so that pages bundle only the groups they call.
export * from './endpoint.js';
export type { Endpoints } from './endpoints/index.js';
export * from './events.js';
export * from './route-group.js';
export * from './routes/analytics.js';
export * from './routes/audit.js';
export * from './routes/auth.js';
export * from './routes/catalogue.js';
export * from './routes/chains.js';
export * from './routes/chat.js';
export * from './routes/dashboard.js';
export * from './routes/docs.js';
export * from './routes/events.js';
export * from './routes/guardrails.js';
export * from './routes/health.js';
export type { RouteName, RouteTable } from './routes/index.js';
export * from './routes/ledger.js';
export * from './routes/notifications.js';
export * from './routes/orders.js';
export * from './routes/payments.js';
export * from './routes/renewals.js';
export * from './routes/setup.js';
export * from './routes/sip-trunk.js';
export * from './routes/sms.js';
export * from './routes/users.js';
export * from './routes/voice.js';
export * from './routes/voice-monitoring.js';
