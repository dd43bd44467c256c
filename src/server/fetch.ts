/**
 * Downloads of source URLs (uploads and post[source], INT-source-download), with a guard against
 * server-side request forgery: only http and https; every address the host resolves to must be public
 * (no loopback, private, link-local, shared, multicast or reserved range, IPv4 or IPv6, including IPv4
 * embedded in IPv6), checked before the request and again when the socket connects (DNS rebinding),
 * unless the host is allow-listed; a size cap, a time limit and at most a few redirects.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, originAndPath } from '../undici.ts';

export interface FetchOptions {
  /** Host names (or literal addresses) that may be fetched whatever they resolve to. */
  readonly allowHosts?: readonly string[];
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
  readonly maxRedirects?: number;
}

export interface Downloaded {
  readonly data: Buffer;
  readonly contentType: string | undefined;
  readonly finalUrl: string;
}

export class FetchError extends Error {}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

function v4FromV6(addr: string): string | undefined {
  const a = addr.toLowerCase();
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64) in dotted form.
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) return dotted[1];
  // The same in hex form: ::ffff:7f00:1, 64:ff9b::7f00:1; and 6to4 2002:AABB:CCDD::.
  const hex = /^(?:::ffff:|64:ff9b::|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(a);
  const six = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/.exec(a);
  const m = hex ?? six;
  if (!m) return undefined;
  const hi = parseInt(m[1]!, 16);
  const lo = parseInt(m[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Is this literal address one the server must not fetch from? */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const zoneless = address.split('%', 1)[0]!;
    const v4 = v4FromV6(zoneless);
    if (v4 !== undefined && isIP(v4) === 4) return blocked.check(v4, 'ipv4');
    return blocked.check(zoneless, 'ipv6');
  }
  return true;
}

function normalHost(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase();
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });
}

export class Fetcher {
  private readonly allow: ReadonlySet<string>;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly agent: Agent;

  constructor(options: FetchOptions = {}) {
    this.allow = new Set((options.allowHosts ?? []).map(normalHost));
    this.maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxRedirects = options.maxRedirects ?? 3;
    const guardedLookup = (hostname: string, opts: LookupOptions, cb: (...args: unknown[]) => void) => {
      resolveAll(hostname).then(
        (addresses) => {
          if (!this.allow.has(normalHost(hostname)) && (addresses.length === 0 || addresses.some((a) => isForbiddenAddress(a.address)))) {
            cb(new FetchError(`${hostname} resolves to an address the server does not fetch from`));
            return;
          }
          if (opts.all) cb(null, addresses);
          else cb(null, addresses[0]!.address, addresses[0]!.family);
        },
        (err: unknown) => cb(err),
      );
    };
    this.agent = new Agent({
      connect: { lookup: guardedLookup as never, timeout: this.timeoutMs },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      keepAliveTimeout: 1000,
    });
  }

  /** Throws FetchError when `url` may not be fetched from. */
  async check(url: URL): Promise<void> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('only http and https URLs are fetched');
    if (url.username || url.password) throw new FetchError('URLs with credentials are not fetched');
    const host = normalHost(url.hostname);
    if (this.allow.has(host)) return;
    if (isIP(host)) {
      if (isForbiddenAddress(host)) throw new FetchError(`${host} is not a public address`);
      return;
    }
    let addresses: LookupAddress[];
    try {
      addresses = await resolveAll(host);
    } catch {
      throw new FetchError(`cannot resolve ${host}`);
    }
    if (addresses.length === 0 || addresses.some((a) => isForbiddenAddress(a.address))) {
      throw new FetchError(`${host} resolves to an address the server does not fetch from`);
    }
  }

  /** Downloads `rawUrl` through the guard. */
  async download(rawUrl: string): Promise<Downloaded> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new FetchError('not a URL');
    }
    const deadline = AbortSignal.timeout(this.timeoutMs);
    for (let hop = 0; ; hop++) {
      await this.check(url);
      let res;
      try {
        res = await this.agent.request({ ...originAndPath(url), method: 'GET', signal: deadline, headers: { 'user-agent': 'conform-reference-server' } });
      } catch (err) {
        throw new FetchError(`download failed: ${(err as Error).message}`);
      }
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
        await res.body.dump().catch(() => undefined);
        if (hop >= this.maxRedirects) throw new FetchError('too many redirects');
        url = new URL(String(res.headers.location), url);
        continue;
      }
      if (res.statusCode !== 200) {
        await res.body.dump().catch(() => undefined);
        throw new FetchError(`download answered ${res.statusCode}`);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > this.maxBytes) {
        res.body.destroy();
        throw new FetchError(`download larger than ${this.maxBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length;
          if (size > this.maxBytes) {
            res.body.destroy();
            throw new FetchError(`download larger than ${this.maxBytes} bytes`);
          }
          chunks.push(chunk as Buffer);
        }
      } catch (err) {
        if (err instanceof FetchError) throw err;
        throw new FetchError(`download failed: ${(err as Error).message}`);
      }
      const ct = res.headers['content-type'];
      return { data: Buffer.concat(chunks), contentType: Array.isArray(ct) ? ct[0] : ct, finalUrl: url.toString() };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** Is `s` a URL the service downloads (http or https)? */
export function isFetchableUrl(s: string): boolean {
  return /^https?:\/\//i.test(s.trim());
}
