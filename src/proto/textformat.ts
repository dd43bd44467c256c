/**
 * protobuf text format for the messages of a schema: print a JSON message as text for
 * `protoc --encode`, and read the text `protoc --decode` prints back into JSON. Unknown fields
 * in protoc's output (printed by number) are skipped.
 */
import type { FieldType, ValueType } from '../../specs/peer/format.ts';
import { canonical, setKey, type JsonObject } from './json.ts';
import type { Schema } from './model.ts';
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

const FLOAT_WORDS: Record<string, string> = { NaN: 'nan', Infinity: 'inf', '-Infinity': '-inf', '-0': '-0' };

/** One scalar or enum value as a text format literal. */
function scalarText(t: ValueType, v: unknown): string {
  if (t.kind === 'scalar') {
    if (t.scalar === 'bytes') return quoteBytes(fromBase64(v as string));
    if (t.scalar === 'string') return quoteBytes(utf8.encode(v as string));
    if ((t.scalar === 'float' || t.scalar === 'double') && typeof v === 'string') return FLOAT_WORDS[v] ?? v;
  }
  return String(v);
}

function valueText(schema: Schema, name: string, t: ValueType, v: unknown, indent: string): string[] {
  if (t.kind === 'message') return [`${indent}${name} {`, toText(schema, t.message, v, `${indent}  `), `${indent}}`];
  return [`${indent}${name}: ${scalarText(t, v)}`];
}

/** Prints a JSON message (any accepted form) as text format. */
export function toText(schema: Schema, type: string, json: unknown, indent = ''): string {
  const msg = canonical(schema, type, json);
  const spec = schema.message(type);
  const lines: string[] = [];
  for (const field of spec.fields) {
    const v = msg[field.name];
    if (v === undefined) continue;
    const t = field.type;
    if (t.kind === 'map') {
      for (const [k, val] of Object.entries(v as JsonObject)) {
        const key = t.key === 'string' ? quoteBytes(utf8.encode(k)) : k;
        lines.push(`${indent}${field.name} {`, `${indent}  key: ${key}`, ...valueText(schema, 'value', t.value, val, `${indent}  `), `${indent}}`);
      }
      continue;
    }
    for (const item of field.repeated ? (v as unknown[]) : [v]) lines.push(...valueText(schema, field.name, t, item, indent));
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
      // Numbers (hex, decimal with exponent, float suffix) and identifiers (names, nan, -inf).
      const m = /^[-+]?(?:0[xX][0-9a-fA-F]+|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?[fF]?|[A-Za-z_][A-Za-z0-9_.]*)/.exec(text.slice(i));
      if (!m) throw new Error(`unexpected character ${JSON.stringify(c)} in text format`);
      tokens.push({ kind: /^[-+]?\.?[0-9]/.test(m[0]) ? 'number' : 'ident', text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

const SPECIAL_FLOATS: Record<string, string> = { nan: 'NaN', inf: 'Infinity', infinity: 'Infinity', '-inf': '-Infinity', '-infinity': '-Infinity' };

/** The JSON value of one text format literal of a scalar or enum type. */
function tokenValue(schema: Schema, t: ValueType, v: Token): unknown {
  if (t.kind === 'enum') {
    if (v.kind === 'number') return Number(v.text);
    if (!schema.enum(t.enum).values.some((x) => x.name === v.text)) throw new Error(`unknown enum name ${v.text}`);
    return v.text;
  }
  if (t.kind !== 'scalar') throw new Error('not a scalar');
  switch (t.scalar) {
    case 'bytes':
      return toBase64(v.bytes ?? utf8.encode(v.text));
    case 'string':
      return utf8Strict.decode(v.bytes ?? utf8.encode(v.text));
    case 'bool':
      return v.text === 'true' || v.text === 't' || v.text === '1';
    case 'float':
    case 'double': {
      const word = SPECIAL_FLOATS[v.text.toLowerCase().replace(/^\+/, '')];
      if (word) return word;
      const n = Number(v.text.replace(/[fF]$/, ''));
      return Object.is(n, -0) ? '-0' : n;
    }
    case 'int32':
    case 'uint32':
    case 'sint32':
    case 'fixed32':
    case 'sfixed32':
      return Number(v.text);
    default:
      return v.text;
  }
}

class Parser {
  private pos = 0;
  constructor(
    private readonly schema: Schema,
    private readonly tokens: Token[],
  ) {}

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

  /** After a field name: `: value`, `: [values]`, `{ ... }` or `: { ... }`; calls `take` for each value. */
  private values(name: string, onBlock: (close: string) => void, onToken: (v: Token) => void): void {
    const hasColon = this.accept(':');
    const open = this.peek();
    if (open?.kind === 'punct' && (open.text === '{' || open.text === '<')) {
      this.pos++;
      onBlock(open.text === '{' ? '}' : '>');
      return;
    }
    if (!hasColon) throw new Error(`expected ':' after ${name} in text format`);
    if (this.accept('[')) {
      while (!this.accept(']')) {
        const open2 = this.peek();
        if (open2?.kind === 'punct' && (open2.text === '{' || open2.text === '<')) {
          this.pos++;
          onBlock(open2.text === '{' ? '}' : '>');
        } else onToken(this.next());
      }
    } else onToken(this.next());
  }

  /** Skips a message body up to `end` (an unknown field's group or message). */
  private skip(end: string): void {
    this.message(null, end);
  }

  /** Parses a map entry `{ key: K value: V }`; returns the JSON key and value (undefined when absent). */
  private entry(t: Extract<FieldType, { kind: 'map' }>, end: string): { key: string; value: unknown } {
    let key: unknown;
    let value: unknown;
    const keyType: ValueType = { kind: 'scalar', scalar: t.key };
    for (;;) {
      const tok = this.peek();
      if (!tok) throw new Error('unterminated map entry in text format');
      if (tok.kind === 'punct' && tok.text === end) {
        this.pos++;
        break;
      }
      const name = this.next().text;
      this.values(
        name,
        (close) => {
          if (name === 'value' && t.value.kind === 'message') value = this.message(t.value.message, close);
          else this.skip(close);
        },
        (v) => {
          if (name === 'key') key = tokenValue(this.schema, keyType, v);
          else if (name === 'value') value = tokenValue(this.schema, t.value, v);
        },
      );
    }
    if (key === undefined) key = t.key === 'string' ? '' : t.key === 'bool' ? false : '0';
    return { key: String(key), value };
  }

  /** Parses fields until `end` (a closing brace) or the end of input. */
  message(type: string | null, end: string | null): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const spec = type ? this.schema.message(type) : null;
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
      const ft = field?.type;
      const push = (value: unknown): void => {
        if (field!.repeated) ((out[name] ??= []) as unknown[]).push(value);
        else out[name] = value;
      };
      this.values(
        name,
        (close) => {
          if (ft?.kind === 'map') {
            const e = this.entry(ft, close);
            const m = (out[name] ??= {}) as Record<string, unknown>;
            const defaultValue = ft.value.kind === 'message' ? {} : ft.value.kind === 'enum' ? 0 : ft.value.scalar === 'bytes' || ft.value.scalar === 'string' ? '' : ft.value.scalar === 'bool' ? false : 0;
            setKey(m, e.key, e.value ?? defaultValue);
          } else if (ft?.kind === 'message') push(this.message(ft.message, close));
          else this.skip(close);
        },
        (v) => {
          if (ft && ft.kind !== 'map') push(tokenValue(this.schema, ft, v));
        },
      );
    }
  }
}

/** Parses text format (as printed by protoc --decode) into canonical JSON. */
export function fromText(schema: Schema, type: string, text: string): JsonObject {
  return canonical(schema, type, new Parser(schema, tokenize(text)).message(type, null));
}

/** Parses text format of a wrapper message with one repeated message field `items`. */
export function itemsFromText(schema: Schema, type: string, text: string): JsonObject[] {
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
      if (depth === 0) items.push(canonical(schema, type, new Parser(schema, tokens.slice(start, i)).message(type, null)));
    }
  }
  return items;
}
