// @ts-nocheck: frozen red-team code (see all.ts)
// Test kit for verify.ts and score.ts: starting and stopping reference servers, a small API client.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';

export const CONFORM = new URL('../../../bin/conform.js', import.meta.url).pathname;
export const ACCOUNTS_FILE = new URL('../../../fixtures/accounts.json', import.meta.url).pathname;

export interface Account {
  name: string;
  role: string;
  level: number;
  api_key: string;
  password_hash: string;
  only?: 'A' | 'B';
}

export function accounts(): Record<string, Account> {
  const list: Account[] = JSON.parse(readFileSync(ACCOUNTS_FILE, 'utf8')).accounts;
  const out: Record<string, Account> = {};
  for (const a of list) out[a.name.replace(/^conform_/, '')] = a;
  return out;
}

// ---------------------------------------------------------------- reference server

export interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function startServer(variant: 'A' | 'B', timeoutMs = 120_000): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CONFORM, 'serve', '--variant', variant, '--port', '0', '--allow-fetch', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let done = false;
    const timer = setTimeout(() => {
      if (!done) {
        done = true;
        child.kill('SIGTERM');
        reject(new Error(`server ${variant} did not start: ${out}`));
      }
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m && !done) {
        done = true;
        clearTimeout(timer);
        resolve({ url: m[1], child, stop: () => stopChild(child) });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      if (!done) {
        done = true;
        clearTimeout(timer);
        reject(new Error(`server ${variant} exited with ${code}: ${out}`));
      }
    });
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- PNG files

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A small PNG with random pixels (so every file has a new MD5). */
export function randomPng(): Buffer {
  const w = 2 + Math.floor(Math.random() * 20);
  const h = 2 + Math.floor(Math.random() * 20);
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + 3 * w);
    for (let i = 1; i < row.length; i++) row[i] = Math.floor(Math.random() * 256);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- client

export interface Res {
  status: number;
  text: string;
  json: any;
}

export class Client {
  constructor(
    readonly base: string,
    readonly account?: Account,
    readonly mode: 'params' | 'basic' = 'params',
  ) {}

  as(account: Account | undefined, mode: 'params' | 'basic' = 'params'): Client {
    return new Client(this.base, account, mode);
  }

  private authHeaders(): Record<string, string> {
    if (this.account && this.mode === 'basic') {
      return { authorization: 'Basic ' + Buffer.from(`${this.account.name}:${this.account.api_key}`).toString('base64') };
    }
    return {};
  }

  private authParams(): [string, string][] {
    if (this.account && this.mode === 'params') return [['login', this.account.name], ['api_key', this.account.api_key]];
    return [];
  }

  private async done(r: Response): Promise<Res> {
    const text = await r.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: r.status, text, json };
  }

  async get(path: string, params: Record<string, string | number> = {}): Promise<Res> {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) q.set(k, String(v));
    for (const [k, v] of this.authParams()) q.set(k, v);
    const qs = q.toString();
    return this.done(await fetch(this.base + path + (qs ? '?' + qs : ''), { headers: this.authHeaders() }));
  }

  async send(method: string, path: string, params: Record<string, string | number> = {}): Promise<Res> {
    const b = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) b.set(k, String(v));
    for (const [k, v] of this.authParams()) b.set(k, v);
    return this.done(
      await fetch(this.base + path, {
        method,
        headers: { ...this.authHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
        body: b.toString(),
      }),
    );
  }

  /** Multipart upload with a fresh PNG unless `file` is false. */
  async upload(fields: Record<string, string | number>, file = true): Promise<Res> {
    const fd = new FormData();
    for (const [k, v] of this.authParams()) fd.append(k, v);
    for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
    if (file) fd.append('upload[file]', new Blob([randomPng()], { type: 'image/png' }), 'image.png');
    return this.done(await fetch(this.base + '/uploads.json', { method: 'POST', headers: this.authHeaders(), body: fd }));
  }

  /** Uploads a post and returns its id. */
  async post(tags: string, rating = 'safe', extra: Record<string, string | number> = {}): Promise<number> {
    const r = await this.upload({ 'upload[tag_string]': tags, 'upload[rating]': rating, ...extra });
    if (r.status !== 200 || typeof r.json?.post_id !== 'number') throw new Error(`upload failed: ${r.status} ${r.text}`);
    return r.json.post_id;
  }
}

export function rand(): string {
  return Math.random().toString(36).slice(2, 8);
}
