/** Base URLs given as options (a target, an origin, a file server's address as a target reaches it). */
import { UsageError } from './errors.ts';

/**
 * A base URL without a trailing slash. `credentials`: the message for a URL that carries a user or
 * password (when absent, credentials, a query and a fragment are all refused).
 */
export function baseUrl(raw: string, flag: string, options: { readonly protocols: readonly ('http:' | 'https:')[]; readonly why?: string; readonly credentials?: string }): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${flag} is not a URL: "${raw}"`);
  }
  if (!(options.protocols as readonly string[]).includes(url.protocol)) {
    throw new UsageError(`${flag} must be ${options.protocols.length === 1 ? 'an http' : 'an http or https'} URL${options.why ? ` (${options.why})` : ''}, not ${url.protocol}`);
  }
  if (options.credentials !== undefined) {
    if (url.username || url.password) throw new UsageError(options.credentials);
  } else if (url.username || url.password || url.search || url.hash) {
    throw new UsageError(`${flag} takes a scheme, host, optional port and path only`);
  }
  return url.toString().replace(/\/$/, '');
}
