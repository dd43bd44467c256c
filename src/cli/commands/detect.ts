import { DEFAULTS, DEFAULT_ACCOUNTS } from '../../check/config.ts';
import { EXIT, UsageError } from '../../errors.ts';
import type { RegisterCommand } from '../command.ts';

interface DetectOptions {
  target: string;
  accounts: string;
  timeout: string;
  json?: boolean;
}

export const registerDetect: RegisterCommand = (program, setExit) => {
  program
    .command('detect')
    .description('Probe a server with read-only requests and say which variant it looks like (A, B, both or neither), with the evidence. A server that refuses the accounts\' credentials is a usage error (exit 2), not "neither".')
    .requiredOption('--target <url>', 'base URL of the server')
    .option('--accounts <file>', 'accounts file, or env:NAME for the same JSON in an environment variable; its most privileged account is used for logged-in probes', DEFAULT_ACCOUNTS)
    .option('--timeout <ms>', 'per-request timeout in milliseconds', String(DEFAULTS.timeoutMs))
    .option('--json', 'print the result as JSON')
    .action(async (opts: DetectOptions) => {
      const [{ accountsSource, loadAccounts }, { HttpClient, TransportError }, { Redactor }, { Target }, { detectVariant }] = await Promise.all([
        import('../../check/accounts.ts'),
        import('../../check/http.ts'),
        import('../../check/redact.ts'),
        import('../../check/target.ts'),
        import('../../detect/detect.ts'),
      ]);
      let url: URL;
      try {
        url = new URL(opts.target);
      } catch {
        throw new UsageError(`--target is not a URL: "${opts.target}"`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--target must be an http or https URL, not ${url.protocol}`);
      const timeoutMs = Number(opts.timeout);
      if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) throw new UsageError(`--timeout takes a whole number of milliseconds, not "${opts.timeout}"`);
      const redactor = new Redactor();
      // Both variants' accounts are read; the probes use the first Member only.
      const accounts = await loadAccounts(accountsSource(opts.accounts), 'A', redactor);
      const http = new HttpClient({ timeoutMs, maxBodyBytes: DEFAULTS.maxBodyBytes, redactor, readOnly: true });
      try {
        const target = new Target(url.toString().replace(/\/$/, ''), 'A', accounts, http);
        try {
          await target.call('posts.list', { as: 'anonymous', fields: { limit: 1 } });
        } catch (err) {
          if (err instanceof TransportError) throw new UsageError(`the target ${opts.target} cannot be reached: ${err.message}`);
          throw err;
        }
        const result = await detectVariant(target);
        if (result.refused) {
          // Not a verdict about the server: the accounts file does not fit it.
          if (opts.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
          const r = result.refused;
          throw new UsageError(
            `the target ${opts.target} refused the credentials of ${r.account} (${r.status}${r.reason ? `: ${r.reason}` : ''}); give an accounts file with an account it knows (--accounts)`,
          );
        }
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        } else {
          const width = Math.max(...result.evidence.map((e) => e.probe.length));
          for (const e of result.evidence) process.stdout.write(`${e.probe.padEnd(width)}  ${e.points === 'none' ? '-' : e.points}  ${e.observation}\n`);
          const said =
            result.variant === 'both' ? 'both (its evidence points to A and to B)' : result.variant === 'neither' ? 'neither variant' : `variant ${result.variant}`;
          process.stdout.write(`\nThe server looks like ${said}.\n`);
        }
        setExit(result.variant === 'A' || result.variant === 'B' ? EXIT.ok : EXIT.fail);
      } finally {
        await http.close();
      }
    });
};
