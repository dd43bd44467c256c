import type { Command } from 'commander';
import path from 'node:path';
import { EXIT, UsageError } from '../../errors.ts';
import type { RegisterCommand } from '../command.ts';

function parseIntOption(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

interface ServeFlags {
  variant?: string;
  port: string;
  host: string;
  data?: string;
  accounts?: string;
  fault?: string;
  listFaults?: boolean;
  variation?: string[];
  listVariations?: boolean;
  quotaWindow?: string;
  allowFetch?: string;
}

async function listFaults(): Promise<void> {
  const { allFaults } = await import('../../server/index.ts');
  const faults = allFaults();
  const lines = faults.map((f) => `${f.id}\t${f.requirements.join(',')}\t${f.variants ? `[${f.variants.join('')} only] ` : ''}${f.summary}`);
  process.stdout.write(`${lines.join('\n')}\n${faults.length} faults\n`);
}

/** `conform serve`: runs the reference server of one variant until SIGINT or SIGTERM. */
export const registerServe: RegisterCommand = (program: Command, setExit) => {
  program
    .command('serve')
    .description('Run the reference server of variant A or B (embedded PostgreSQL unless DATABASE_URL is set).')
    .option('--variant <variant>', 'A or B')
    .option('--port <n>', 'port to listen on (0 picks a free port)', '3000')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <dir>', 'keep the embedded database in this directory (in memory otherwise)')
    .option('--accounts <file>', 'accounts file (default fixtures/accounts.json)')
    .option('--fault <id>', 'switch on one deliberate violation (see --list-faults)')
    .option('--list-faults', 'list the faults and exit')
    .option('--variation <id...>', 'switch on legal variations: behaviour the document allows (see --list-variations)')
    .option('--list-variations', 'list the legal variations and exit')
    .option('--quota-window <seconds>', 'length of the quota window (default 3600)')
    .option('--allow-fetch <hosts>', 'comma-separated hosts that source downloads may reach even when not public')
    .action(async (flags: ServeFlags) => {
      if (flags.listVariations) {
        const { VARIATIONS } = await import('../../server/variations.ts');
        const lines = VARIATIONS.map((v) => `${v.id}\t${v.interpretation}\t${v.variants ? `[${v.variants.join('')} only] ` : ''}${v.summary}`);
        process.stdout.write(`${lines.join('\n')}\n${VARIATIONS.length} legal variations\n`);
        return;
      }
      if (flags.listFaults) {
        await listFaults();
        setExit(EXIT.ok);
        return;
      }
      if (flags.variant !== 'A' && flags.variant !== 'B') throw new UsageError(`--variant must be A or B${flags.variant ? `, got "${flags.variant}"` : ''}`);
      const port = parseIntOption('--port', flags.port, 0, 65535);
      const quotaWindowSeconds = flags.quotaWindow === undefined ? undefined : parseIntOption('--quota-window', flags.quotaWindow, 1, 365 * 24 * 3600);
      const allowFetch = flags.allowFetch?.split(',').map((h) => h.trim()).filter((h) => h !== '');
      const { startServer, ConfigError, AccountsError } = await import('../../server/index.ts');
      let server: Awaited<ReturnType<typeof startServer>>;
      try {
        server = await startServer({
          variant: flags.variant,
          port,
          host: flags.host,
          dataDir: flags.data,
          databaseUrl: process.env.DATABASE_URL || undefined,
          accounts: flags.accounts,
          fault: flags.fault,
          ...(flags.variation?.length ? { variations: flags.variation } : {}),
          quotaWindowSeconds,
          allowFetch,
        });
      } catch (err) {
        if (err instanceof ConfigError || err instanceof AccountsError) throw new UsageError(err.message);
        const code = (err as { code?: string }).code;
        // The data directory could not be made or read: the user's path, not an internal error. Asked
        // first: a file system error names a path, and EACCES is also what listening on a port can give.
        const file = (err as { path?: string }).path;
        const rel = flags.data !== undefined && file !== undefined ? path.relative(path.resolve(flags.data), path.resolve(file)) : undefined;
        const inData = rel !== undefined && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
        if (inData && typeof code === 'string') {
          throw new UsageError(`--data ${flags.data}: cannot be used as the database's directory: ${code} (${file})`);
        }
        if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') throw new UsageError(`cannot listen on ${flags.host}:${port}: ${code}`);
        throw err;
      }
      process.stdout.write(`conform reference server (variant ${flags.variant}${flags.fault ? `, fault ${flags.fault}` : ''}${flags.variation?.length ? `, variations ${flags.variation.join(' ')}` : ''}) listening on ${server.url}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await server.close();
      setExit(EXIT.ok);
    });
};
