// What the browser may import at run time: plain data and types, no Zod. Each route
// group comes from its own module so that pages bundle only the groups they call.
export * from './endpoint.js';
export type { Endpoints } from './endpoints/index.js';
export * from './events.js';
export * from './route-group.js';
export * from './routes/account.js';
export * from './routes/admin.js';
export * from './routes/auth.js';
export * from './routes/catalogue.js';
export * from './routes/catalogue-admin.js';
export * from './routes/chat.js';
export type { RouteName, RouteTable } from './routes/index.js';
export * from './routes/sip.js';
export * from './routes/sms.js';
export * from './routes/subscriptions.js';
export * from './routes/system.js';
export * from './routes/voice-monitoring.js';
