/** The reference server as a library call: a variant, with deliberate faults or legal variations switched on. */
import type { Variant } from '../../specs/model/index.ts';
import { UsageError } from '../errors.ts';
import type { AccountsFile as ServerAccountsFile } from '../server/accounts.ts';

export interface ReferenceServerOptions {
  readonly variant: Variant;
  /** Deliberate violations to switch on (`conform serve --list-faults`). */
  readonly faults?: readonly string[];
  /** Legal variations to switch on (`conform serve --list-variations`). */
  readonly variations?: readonly string[];
  /** Its accounts, with their passwords: a file's path or contents (default: the shipped fixtures/accounts.json, which `check()` uses). */
  readonly accounts?: string | ServerAccountsFile;
}

export interface ReferenceServer {
  /** Its base URL, on an ephemeral loopback port. */
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the reference server on 127.0.0.1 (an in-memory database); resolves once it listens. */
export async function startReferenceServer(options: ReferenceServerOptions): Promise<ReferenceServer> {
  const { startServer, ConfigError } = await import('../server/index.ts');
  try {
    const server = await startServer({
      variant: options.variant,
      port: 0,
      // The checker's file server for source downloads runs on loopback.
      allowFetch: ['127.0.0.1'],
      ...(options.faults?.length ? { faults: options.faults } : {}),
      ...(options.variations?.length ? { variations: options.variations } : {}),
      ...(options.accounts !== undefined ? { accounts: options.accounts } : {}),
    });
    return { url: server.url, close: () => server.close() };
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message);
    throw err;
  }
}
