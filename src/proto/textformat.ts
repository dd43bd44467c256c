/**
 * protobuf text format for the peer messages, written from the document's tables: print a
 * JSON message as text for `protoc --encode`, and read the text `protoc --decode` prints back
 * into JSON. Unknown fields in protoc's output (printed by number) are skipped.
 */
import { enumSpec, messageSpec } from '../../specs/peer/format.ts';
import { canonical, setKey, type JsonObject } from './json.ts';
import { fromBase64, toBase64 } from './wire.ts';

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

function quoteBytes(bytes: Uint8Array): string {
  let s = '"';
  for (const b of bytes) {
    if (b === 0x22) s += '\\"';
    else if (b === 0x5c) s += '\\\\';
    else if (b >= 0x20 && b < 0x7f) s += String.fromCharCode(b);
    else s += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `${s}"`;
}

/** Prints a JSON message (any accepted form) as text format. */
export function toText(type: string, json: unknown, indent = ''): string {
  const msg = canonical(type, json);
  const spec = messageSpec(type);
  const lines: string[] = [];
  for (const field of spec.fields) {
    const v = msg[field.name];
    if (v === undefined) continue;
    const t = field.type;
    if (t.kind === 'map') {
      for (const [k, val] of Object.entries(v as JsonObject)) {
        lines.push(`${indent}${field.name} { key: ${quoteBytes(utf8.encode(k))} value: ${quoteBytes(fromBase64(val as string))} }`);
      }
      continue;
    }
    const items = field.repeated ? (v as unknown[]) : [v];
    for (const item of items) {
      if (t.kind === 'message') {
        lines.push(`${indent}${field.name} {`, toText(t.message, item, `${indent}  `), `${indent}}`);
      } else if (t.kind === 'scalar' && t.scalar === 'bytes') {
        lines.push(`${indent}${field.name}: ${quoteBytes(fromBase64(item as string))}`);
      } else {
        lines.push(`${indent}${field.name}: ${String(item)}`);
      }
    }
  }
  return lines.filter((l) => l !== '').join('\n');
}

// ---- parsing ----

type Token = { kind: 'ident' | 'number' | 'string' | 'punct'; text: string; bytes?: Uint8Array };

function unescape(body: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      const cp = body.codePointAt(i)!;
      if (cp > 0xffff) i++;
      out.push(...utf8.encode(String.fromCodePoint(cp)));
      continue;
    }
    const n = body[++i];
    const simple: Record<string, number> = { n: 10, r: 13, t: 9, '"': 34, "'": 39, '\\': 92, a: 7, b: 8, f: 12, v: 11, '?': 63 };
    if (n !== undefined && n in simple) out.push(simple[n]!);
    else if (n !== undefined && /[0-7]/.test(n)) {
      let digits = n;
      while (digits.length < 3 && /[0-7]/.test(body[i + 1] ?? '')) digits += body[++i];
      out.push(parseInt(digits, 8) & 0xff);
    } else if (n === 'x' || n === 'X') {
      let digits = '';
      while (digits.length < 2 && /[0-9a-fA-F]/.test(body[i + 1] ?? '')) digits += body[++i];
      out.push(parseInt(digits, 16));
    } else throw new Error(`bad escape \\${n ?? ''} in text format`);
  }
  return new Uint8Array(out);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c) || c === ',' || c === ';') {
      i++;
    } else if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if ('{}:<>[]'.includes(c)) {
      tokens.push({ kind: 'punct', text: c });
      i++;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw new Error('unterminated string in text format');
      const bytes = unescape(text.slice(i + 1, j));
      const prev = tokens[tokens.length - 1];
      if (prev?.kind === 'string') prev.bytes = new Uint8Array([...prev.bytes!, ...bytes]);
      else tokens.push({ kind: 'string', text: text.slice(i, j + 1), bytes });
      i = j + 1;
    } else {
      const m = /^[-+]?[A-Za-z0-9_.]+/.exec(text.slice(i));
      if (!m) throw new Error(`unexpected character ${JSON.stringify(c)} in text format`);
      tokens.push({ kind: /^[-+]?[0-9]/.test(m[0]) ? 'number' : 'ident', text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }
  private next(): Token {
    const t = this.tokens[this.pos++];
    if (!t) throw new Error('unexpected end of text format');
    return t;
  }
  private accept(punct: string): boolean {
    const t = this.peek();
    if (t?.kind === 'punct' && t.text === punct) {
      this.pos++;
      return true;
    }
    return false;
  }

  /** Parses fields until `end` (a closing brace) or the end of input. */
  message(type: string | null, end: string | null, mapEntry = false): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const spec = type ? messageSpec(type) : null;
    for (;;) {
      const t = this.peek();
      if (!t) {
        if (end) throw new Error('unterminated message in text format');
        return out;
      }
      if (t.kind === 'punct' && t.text === end) {
        this.pos++;
        return out;
      }
      const name = this.next().text;
      const field = spec?.fields.find((f) => f.name === name) ?? null; // numbers: unknown fields
      const hasColon = this.accept(':');
      const open = this.peek();
      if (open?.kind === 'punct' && (open.text === '{' || open.text === '<')) {
        this.pos++;
        const close = open.text === '{' ? '}' : '>';
        if (field?.type.kind === 'map') {
          const entry = this.message(null, close, true);
          const m = (out[name] ??= {}) as Record<string, unknown>;
          const key = entry.key instanceof Uint8Array ? utf8Strict.decode(entry.key) : '';
          setKey(m, key, entry.value instanceof Uint8Array ? toBase64(entry.value) : '');
        } else {
          const sub = this.message(field?.type.kind === 'message' ? field.type.message : null, close);
          if (field?.repeated) ((out[name] ??= []) as unknown[]).push(sub);
          else if (field) out[name] = sub;
        }
        continue;
      }
      if (!hasColon) throw new Error(`expected ':' after ${name} in text format`);
      const values: Token[] = [];
      if (this.accept('[')) {
        while (!this.accept(']')) values.push(this.next());
      } else values.push(this.next());
      for (const v of values) {
        if (mapEntry && (name === 'key' || name === 'value') && v.kind === 'string') out[name] = v.bytes;
        if (!field) continue;
        let value: unknown;
        if (v.kind === 'string') value = v.bytes;
        else if (field.type.kind === 'enum') value = v.kind === 'number' ? Number(v.text) : v.text;
        else if (v.text === 'true' || v.text === 'false') value = v.text === 'true';
        else value = v.text;
        if (field.type.kind === 'scalar' && field.type.scalar === 'bytes') value = toBase64(value as Uint8Array);
        if (field.type.kind === 'scalar' && (field.type.scalar === 'uint32' || field.type.scalar === 'int32')) value = Number(value);
        if (field.type.kind === 'enum' && typeof value === 'string') {
          const spec2 = enumSpec(field.type.enum);
          if (!spec2.values.some((x) => x.name === value)) throw new Error(`unknown enum name ${value}`);
        }
        if (field.repeated) ((out[name] ??= []) as unknown[]).push(value);
        else out[name] = value;
      }
      if (!field && values.length === 0) throw new Error(`missing value for ${name}`);
    }
  }
}

/** Parses text format (as printed by protoc --decode) into canonical JSON. */
export function fromText(type: string, text: string): JsonObject {
  return canonical(type, new Parser(tokenize(text)).message(type, null));
}

/** Parses text format of a wrapper message with one repeated message field `items`. */
export function itemsFromText(type: string, text: string): JsonObject[] {
  const tokens = tokenize(text);
  const items: JsonObject[] = [];
  // Each top-level `items { ... }` block is one message of `type`.
  let depth = 0;
  let start = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct' && (t.text === '{' || t.text === '<')) {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (t.kind === 'punct' && (t.text === '}' || t.text === '>')) {
      depth--;
      if (depth === 0) items.push(canonical(type, new Parser(tokens.slice(start, i)).message(type, null)));
    }
  }
  return items;
}
