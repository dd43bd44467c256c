// Entry point of the reference server image: `conform serve` listening on 0.0.0.0, configured by the
// environment or by arguments (arguments win):
//   CONFORM_VARIANT      A or B (required, or --variant)
//   CONFORM_FAULT        one deliberate violation (conform serve --list-faults), or --fault
//   PORT                 port inside the container (default 3000), or --port
//   CONFORM_ALLOW_FETCH  hosts source downloads may reach although not public (comma-separated);
//                        default: this container's host (its default gateway) and the engines' names for it
//   DATABASE_URL         a PostgreSQL server; without it, an embedded database in memory
import { readFileSync } from 'node:fs';

/** The default gateway of the container's network: its host, as the container sees it. */
function defaultGateway() {
  try {
    for (const line of readFileSync('/proc/net/route', 'utf8').split('\n').slice(1)) {
      const [, destination, gateway] = line.trim().split(/\s+/);
      if (destination === '00000000' && gateway && gateway !== '00000000') {
        const n = Number.parseInt(gateway, 16);
        return [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, n >>> 24].join('.');
      }
    }
  } catch {
    // no /proc/net/route: no default
  }
  return undefined;
}

const env = process.env;
const args = ['serve', '--host', '0.0.0.0', '--port', env.PORT || '3000'];
if (env.CONFORM_VARIANT) args.push('--variant', env.CONFORM_VARIANT);
if (env.CONFORM_FAULT) args.push('--fault', env.CONFORM_FAULT);
const allow = env.CONFORM_ALLOW_FETCH ?? [defaultGateway(), 'host.containers.internal', 'host.docker.internal'].filter(Boolean).join(',');
if (allow) args.push('--allow-fetch', allow);
process.argv = [process.argv[0], new URL('../bin/conform.js', import.meta.url).pathname, ...args, ...process.argv.slice(2)];
await import('../bin/conform.js');
