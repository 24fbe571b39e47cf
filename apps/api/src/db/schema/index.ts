/**
 * The database schema, one file per area; drizzle-kit reads it from here (drizzle.config.ts) and
 * every table is imported from `db/schema`.
 */
export * from './accounts';
export * from './businesses';
export * from './notifications';
export * from './tokens';
export * from './audit';
export * from './files';
export * from './bookings';
export * from './jobs';
export * from './prices';
export * from './publishing';
export * from './market';
export * from './rate-plans';
export * from './channels';
export * from './autopilot';
export * from './alerts';
export * from './budgets';
export * from './digest';
export * from './members';
export * from './privacy';
