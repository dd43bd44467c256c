/**
 * The reference server of the image-board HTTP API: both variants, on an embedded PostgreSQL (PGlite) or
 * a real server. `startServer` listens and resolves to its base URL; `buildApp` returns the fastify
 * instance for in-process use (inject, supertest).
 */
export { buildApp, startServer, serverWithFault, ConfigError, DEFAULT_MAX_UPLOAD_BYTES } from './app.ts';
export type { ServerOptions } from './app.ts';
export { allFaults, findFault, generatedFaults, PROTOCOL_FAULTS, Faults, FaultSwitch } from './faults.ts';
export type { FaultSpec } from './faults.ts';
export { VARIATIONS, findVariation } from './variations.ts';
export type { VariationSpec } from './variations.ts';
export { loadAccounts, legacyPasswordHash, DEFAULT_ACCOUNTS_FILE, AccountsError } from './accounts.ts';
export type { Account, AccountsFile } from './accounts.ts';
export { openDb } from './db/index.ts';
export type { Db } from './db/index.ts';
