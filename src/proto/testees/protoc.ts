/**
 * Testee: C++ libprotobuf through `protoc --encode` / `protoc --decode` and text format, for the
 * documented format or the .proto file of a `--schema` run.
 * Requests of one batch are grouped by type and sent through protoc as one wrapper message
 * (`repeated T items = 1`), so a thousand cases cost one protoc run per type, not a thousand.
 * If a batch fails (one bad input), its items are retried one by one to find which.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { peerSchema, type Schema } from '../model.ts';
import type { Answer, Request } from '../protocol.ts';
import type { Codec } from '../testee.ts';
import { itemsFromText, toText } from '../textformat.ts';
import { WT, concatBytes, fromBase64, lenRecord, readRecords, toBase64 } from '../wire.ts';

export const PROTOC = process.env.CONFORM_PROTOC ?? 'protoc';

/** `protoc --version` output, or null when protoc cannot be run. */
export function protocVersion(): string | null {
  const r = spawnSync(PROTOC, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function wrapperName(type: string): string {
  return `Batch_${type.replace(/\./g, '_')}`;
}

function writeWrapperProto(schema: Schema): string {
  const dir = mkdtempSync(join(tmpdir(), 'conform-protoc-'));
  const body = schema.messages.map((m) => `message ${wrapperName(m.name)} { repeated .${m.name} items = 1; }`).join('\n');
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'conform_batch.proto'), `syntax = "proto3";\noption optimize_for = LITE_RUNTIME;\nimport "${basename(schema.file)}";\n${body}\n`);
  return dir;
}

function runProtoc(args: string[], input: Uint8Array): Promise<{ ok: boolean; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(PROTOC, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.stdin.on('error', () => undefined);
    child.on('error', (e) => resolve({ ok: false, stdout: Buffer.alloc(0), stderr: e.message }));
    child.on('close', (code) => resolve({ ok: code === 0, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8').trim() }));
    child.stdin.end(input);
  });
}

export function protocCodec(schema: Schema = peerSchema()): Codec {
  const version = protocVersion();
  if (!version) throw new Error(`${PROTOC} is not installed (the Debian package is protobuf-compiler)`);
  const dir = writeWrapperProto(schema);
  const base = [`-I${dirname(schema.file)}`, `-I${dir}`, 'conform_batch.proto'];

  async function encodeMany(type: string, jsons: unknown[]): Promise<Answer[]> {
    let text: string;
    const texts: (string | Error)[] = jsons.map((j) => {
      try {
        return toText(schema, type, j);
      } catch (e) {
        return e as Error;
      }
    });
    if (texts.every((t) => typeof t === 'string')) {
      text = texts.map((t) => `items {\n${t as string}\n}`).join('\n');
      const r = await runProtoc([`--encode=${wrapperName(type)}`, ...base], Buffer.from(text, 'utf8'));
      if (r.ok) {
        const items = readRecords(new Uint8Array(r.stdout)).filter((x) => x.field === 1 && x.wireType === WT.LEN);
        if (items.length === jsons.length) return items.map((x) => ({ id: 0, bytes: toBase64(x.value as Uint8Array) }));
      }
      if (jsons.length === 1) return [{ id: 0, error: r.stderr || 'protoc failed' }];
    }
    if (jsons.length === 1) return [{ id: 0, error: (texts[0] as Error).message }];
    const out: Answer[] = [];
    for (const j of jsons) out.push(...(await encodeMany(type, [j])));
    return out;
  }

  async function decodeMany(type: string, inputs: Uint8Array[]): Promise<Answer[]> {
    const wrapped = concatBytes(...inputs.map((b) => lenRecord(1, b)));
    const r = await runProtoc([`--decode=${wrapperName(type)}`, ...base], wrapped);
    if (r.ok) {
      try {
        const items = itemsFromText(schema, type, r.stdout.toString('utf8'));
        if (items.length === inputs.length) return items.map((json) => ({ id: 0, json }));
      } catch (e) {
        if (inputs.length === 1) return [{ id: 0, parse_error: `cannot read protoc output: ${(e as Error).message}` }];
      }
    }
    if (inputs.length === 1) return [{ id: 0, parse_error: r.stderr || 'protoc failed' }];
    const out: Answer[] = [];
    for (const b of inputs) out.push(...(await decodeMany(type, [b])));
    return out;
  }

  return {
    name: 'protoc',
    version: version.replace(/^libprotoc\s*/, 'libprotoc '),
    ops: ['encode', 'decode'],
    async handle(requests: readonly Request[]): Promise<Answer[]> {
      const answers: Answer[] = new Array(requests.length);
      const groups = new Map<string, number[]>();
      requests.forEach((r, i) => {
        if (r.op === 'hello') answers[i] = { id: r.id, name: 'protoc', version, ops: ['encode', 'decode'] };
        else if (r.op === 'reencode') answers[i] = { id: r.id, skipped: 'protoc cannot write unknown fields from text format' };
        else if (!schema.hasMessage(r.type)) answers[i] = { id: r.id, error: `no message type ${r.type}` };
        else {
          const key = `${r.op} ${r.type}`;
          (groups.get(key) ?? groups.set(key, []).get(key)!).push(i);
        }
      });
      for (const [key, idx] of groups) {
        const [op, type] = key.split(' ') as [string, string];
        let got: Answer[];
        if (op === 'encode') got = await encodeMany(type, idx.map((i) => (requests[i] as { json: unknown }).json));
        else {
          const inputs: (Uint8Array | null)[] = idx.map((i) => {
            try {
              return fromBase64((requests[i] as { bytes: string }).bytes);
            } catch {
              return null;
            }
          });
          const good = inputs.filter((b): b is Uint8Array => b !== null);
          const decoded = good.length ? await decodeMany(type, good) : [];
          let k = 0;
          got = inputs.map((b) => (b === null ? { id: 0, parse_error: 'bytes are not base64' } : decoded[k++]!));
        }
        idx.forEach((i, n) => (answers[i] = { ...got[n]!, id: requests[i]!.id }));
      }
      return answers;
    },
  };
}
