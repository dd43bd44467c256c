/**
 * Testee: C++ libprotobuf through `protoc --encode` / `protoc --decode` and text format, for the
 * documented format or the .proto file of a `--schema` run.
 * Requests of one batch are grouped by type and sent through protoc as one wrapper message
 * (`repeated T items = 1`), so a thousand cases cost one protoc run per type, not a thousand.
 * If a batch fails (one bad input), its items are retried one by one to find which; answers are
 * reported as they are known, so a testee program writes them without waiting for the batch.
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

  /** Encodes text-format messages of one type in one protoc run: an answer each, or null when a batch of several fails. */
  async function encodeRun(type: string, texts: readonly string[]): Promise<Answer[] | null> {
    const text = texts.map((t) => `items {\n${t}\n}`).join('\n');
    const r = await runProtoc([`--encode=${wrapperName(type)}`, ...base], Buffer.from(text, 'utf8'));
    if (r.ok) {
      const items = readRecords(new Uint8Array(r.stdout)).filter((x) => x.field === 1 && x.wireType === WT.LEN);
      if (items.length === texts.length) return items.map((x) => ({ id: 0, bytes: toBase64(x.value as Uint8Array) }));
    }
    return texts.length === 1 ? [{ id: 0, error: r.stderr || 'protoc failed' }] : null;
  }

  /** Decodes messages of one type in one protoc run: an answer each, or null when a batch of several fails. */
  async function decodeRun(type: string, inputs: readonly Uint8Array[]): Promise<Answer[] | null> {
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
    return inputs.length === 1 ? [{ id: 0, parse_error: r.stderr || 'protoc failed' }] : null;
  }

  return {
    name: 'protoc',
    version: version.replace(/^libprotoc\s*/, 'libprotoc '),
    ops: ['encode', 'decode'],
    /**
     * Requests of one op and type go through protoc together. Work follows the order of the
     * requests, so answers are reported as they come: the first unanswered request's group is run
     * as one batch; if that batch fails (one bad input), the group's requests are run one at a
     * time, each when it is the first unanswered one. So each answer costs at most one failed
     * batch and one run of its own, however large the batch.
     */
    async handle(requests: readonly Request[], answered?: (index: number, answer: Answer) => void): Promise<Answer[]> {
      const answers = new Array<Answer | undefined>(requests.length);
      const give = (i: number, a: Answer): void => {
        const answer = { ...a, id: requests[i]!.id };
        answers[i] = answer;
        answered?.(i, answer);
      };
      /** Per request to protoc: its group key (op and type) and its input (text format or bytes). */
      const groupOf = new Array<string | undefined>(requests.length);
      const inputOf = new Array<string | Uint8Array | undefined>(requests.length);
      const groups = new Map<string, number[]>();
      requests.forEach((r, i) => {
        if (r.op === 'hello') return give(i, { id: r.id, name: 'protoc', version, ops: ['encode', 'decode'] });
        if (r.op === 'reencode') return give(i, { id: r.id, skipped: 'protoc cannot write unknown fields from text format' });
        if (!schema.hasMessage(r.type)) return give(i, { id: r.id, error: `no message type ${r.type}` });
        if (r.op === 'encode') {
          try {
            inputOf[i] = toText(schema, r.type, r.json);
          } catch (e) {
            return give(i, { id: r.id, error: (e as Error).message });
          }
        } else {
          try {
            inputOf[i] = fromBase64(r.bytes);
          } catch {
            return give(i, { id: r.id, parse_error: 'bytes are not base64' });
          }
        }
        const key = `${r.op} ${r.type}`;
        groupOf[i] = key;
        (groups.get(key) ?? groups.set(key, []).get(key)!).push(i);
      });
      const run = (key: string, idx: readonly number[]): Promise<Answer[] | null> => {
        const [op, type] = key.split(' ') as [string, string];
        return op === 'encode' ? encodeRun(type, idx.map((i) => inputOf[i] as string)) : decodeRun(type, idx.map((i) => inputOf[i] as Uint8Array));
      };
      /** Groups whose batch failed: their requests run one at a time. */
      const oneByOne = new Set<string>();
      for (let i = 0; i < requests.length; i++) {
        if (answers[i] !== undefined) continue;
        const key = groupOf[i]!;
        if (!oneByOne.has(key)) {
          const idx = groups.get(key)!;
          const got = await run(key, idx);
          if (got) {
            idx.forEach((j, n) => give(j, got[n]!));
            continue;
          }
          oneByOne.add(key);
        }
        give(i, (await run(key, [i]))![0]!);
      }
      return answers as Answer[];
    },
  };
}
