export * from './event-store';
export { createEventStore } from './create-event-store';
export { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite/sqlite-event-store';
export { EsdbEventStore } from './esdb/esdb-event-store';
export {
  PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/postgres-event-store';
export { uuidv7 } from './uuidv7';
export {
  canonicalJson,
  CHAIN_KEY,
  chainHash,
  chainLinkOf,
  ChainedEventStore,
  ChainVerifier,
  metadataWithoutChain,
  type ChainFault,
  type ChainLink,
} from './chain';
