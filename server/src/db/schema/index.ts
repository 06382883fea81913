// The schema object Drizzle needs for typed queries and drizzle-kit; the one re-export file in the server.
export * from './analytics';
export * from './catalog';
export * from './chat';
export * from './early-signups';
export * from './follows';
export * from './identity';
export * from './jobs';
export * from './ledger';
export * from './loops';
export * from './notifications';
export * from './payments';
export * from './prices';
export * from './sessions';
export * from './sneakers';
export * from './trades';
export * from './users';
export * from './wants';
