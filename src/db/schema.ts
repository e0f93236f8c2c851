// The single schema entry drizzle-kit and the client read; each domain keeps its tables in src/db/schema/.
export * from './schema/meta';
export * from './schema/inventory';
export * from './schema/accounts';
export * from './schema/bookings';
export * from './schema/notifications';
export * from './schema/explore';
export * from './schema/alerts';
export * from './schema/tracking';
export * from './schema/plans';
export * from './schema/companion';
export * from './schema/personal-data';
export * from './schema/fares';
export * from './schema/seats';
export * from './schema/disruptions';
