/**
 * A copy-paste `curl` command that reproduces a recorded exchange. It is built from the redacted
 * excerpt only: every `<redacted>` becomes a shell variable named for what it stands for
 * (`$CONFORM_API_KEY`, `$CONFORM_PASSWORD`, ...), so the command never carries a secret.
 */
import type { Exchange } from '../check/http.ts';

const REDACTED = '<redacted>';

/** Shell variables a reproduction command may need, with what to set them to. */
export const PLACEHOLDERS: Readonly<Record<string, string>> = {
  CONFORM_API_KEY: 'the API key of the account named by `login` in the command',
  CONFORM_PASSWORD: 'the password of that account',
  CONFORM_PASSWORD_HASH: 'the legacy password hash of that account',
  CONFORM_BASIC_CREDENTIALS: 'base64 of `login:api_key` (HTTP Basic)',
  CONFORM_SESSION: 'a session cookie of that account',
  CONFORM_SECRET: 'the credential the report left out',
  CONFORM_UPLOAD_FILE: 'the path of an image file to upload',
};

type Segment = string | { readonly variable: string };

function variableFor(name: string): string {
  const key = (/\[([^\]]*)\]$/.exec(name)?.[1] ?? name).toLowerCase();
  if (key === 'api_key' || key === 'key' || key === 'apikey') return 'CONFORM_API_KEY';
  if (key === 'password_hash') return 'CONFORM_PASSWORD_HASH';
  if (key.includes('password')) return 'CONFORM_PASSWORD';
  return 'CONFORM_SECRET';
}

/** Splits text at each `<redacted>`, naming the variable from the `name=` before it (or `fallback`). */
function segments(text: string, fallback?: string): Segment[] {
  const parts = text.split(REDACTED);
  const out: Segment[] = [];
  parts.forEach((part, i) => {
    if (part) out.push(part);
    if (i === parts.length - 1) return;
    const name = nameBefore(part);
    out.push({ variable: name ? variableFor(decodeName(name)) : (fallback ?? 'CONFORM_SECRET') });
  });
  return out;
}

const SEPARATOR = /[\s&?=;,]/;

/**
 * The name of a `name=` that ends `text` (the characters back to the last separator), if it ends so. A
 * walk back from the end: the regular expression it replaces, /([^\s&?=;,]+)=$/, tried every start
 * position and took time quadratic in the text (most of a run's report for a target whose answers all
 * fail, with their request bodies).
 */
function nameBefore(text: string): string | undefined {
  if (!text.endsWith('=')) return undefined;
  let start = text.length - 1;
  while (start > 0 && !SEPARATOR.test(text[start - 1]!)) start--;
  return start < text.length - 1 ? text.slice(start, text.length - 1) : undefined;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0001-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0001-\u001f\u007f-\u009f]/;

/**
 * One shell word for a literal. Plain text is single-quoted (the only character that needs care is
 * the quote itself). Text with control characters (a line break, a tab, an escape) is ANSI-C quoted,
 * `$'...'`, with those characters written as escapes: the command then holds no line break but its
 * continuations, and survives a terminal, a table cell and a copy and paste into bash unchanged.
 */
function quote(text: string): string {
  // A NUL cannot be passed in an argument at all.
  const t = text.replace(/\0/g, '');
  if (!HAS_CONTROL.test(t)) return `'${t.replace(/'/g, `'\\''`)}'`;
  const escaped = t.replace(/[\\']/g, (c) => `\\${c}`).replace(CONTROL, (c) => {
    const n = c.charCodeAt(0);
    return n < 0x80 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
  });
  return `$'${escaped}'`;
}

/**
 * A text that may hold a reproduction command, on one line: each backslash-newline continuation
 * becomes a space (so the command still runs when pasted), any other line break too.
 */
export function oneLine(text: string): string {
  return text.replace(/[ \t]*\\\r?\n[ \t]*/g, ' ').replace(/\r?\n/g, ' ');
}

/** One shell word: literal parts single-quoted, placeholders as "$VARIABLE". */
function word(parts: readonly Segment[]): string {
  const segs: Segment[] = [];
  for (const p of parts) {
    const last = segs.at(-1);
    if (typeof p === 'string' && typeof last === 'string') segs[segs.length - 1] = last + p;
    else segs.push(p);
  }
  if (segs.length === 0) return "''";
  return segs.map((s) => (typeof s === 'string' ? quote(s) : `"$${s.variable}"`)).join('');
}

const FILE = /^<file (.*), (\d+) bytes, ([^>]*)>$/;

/** Splits the recorded form body (`k=v&k=v`, values raw) into pairs; a `&` starts a pair only before `name=`. */
function formPairs(body: string): [string, string][] {
  return body
    .split(/&(?=[^&=\s]+=)/)
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    });
}

const SKIPPED_HEADERS = new Set(['content-length', 'host', 'connection', 'accept-encoding', 'transfer-encoding']);

/** The command, and the placeholders it uses (to tell the reader what to set). */
export function curlCommand(exchange: Exchange): { command: string; variables: string[] } {
  const { method, url, headers, body } = exchange.request;
  // One argument (with its option) per line, joined by backslash-newline: readable, and pastes as one command.
  const args: string[] = ['curl -sS -i'];
  const arg = (option: string, value: string) => args.push(`${option} ${value}`);
  const multipart = body !== undefined && formPairs(body).some(([, v]) => FILE.test(v));
  if (!(method === 'GET' && body === undefined) && !(method === 'POST' && body !== undefined)) arg('-X', quote(method));
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (SKIPPED_HEADERS.has(key)) continue;
    if (key === 'content-type' && body !== undefined) continue; // curl writes it for the form
    if (key === 'accept' && value === '*/*') continue; // curl's default
    const fallback = key === 'authorization' ? (/^basic\b/i.test(value) ? 'CONFORM_BASIC_CREDENTIALS' : 'CONFORM_API_KEY') : key === 'cookie' ? 'CONFORM_SESSION' : undefined;
    const segs = key === 'cookie' ? segments(value, 'CONFORM_SESSION').map((s) => (typeof s === 'string' ? s : { variable: 'CONFORM_SESSION' })) : segments(value, fallback);
    arg('-H', word([`${name}: `, ...segs]));
  }
  if (body !== undefined) {
    for (const [name, value] of formPairs(body)) {
      const file = FILE.exec(value);
      if (multipart && file) arg('-F', word([`${name}=@`, { variable: 'CONFORM_UPLOAD_FILE' }, `;type=${file[3]}`]));
      else arg(multipart ? '--form-string' : '--data-urlencode', word(segments(`${name}=${value}`)));
    }
  }
  args.push(word(segments(url)));
  let command = args.join(' \\\n  ');
  // A comment at the end: the command still runs as is, pasted whole or on one line.
  if (body !== undefined && body.length >= 2048) command = `${command}  # the report keeps the first 2 KiB of the body: its end is missing`;
  const variables = [...new Set([...command.matchAll(/"\$(CONFORM_[A-Z_]+)"/g)].map((m) => m[1]!))];
  return { command, variables };
}

const REPRODUCE = '\nreproduce: ';

/** A message followed by the command that reproduces what it says, on lines of its own. */
export function withReproduction(message: string, command: string | undefined): string {
  return command ? `${message}${REPRODUCE}${command}` : message;
}

/** The words of a message and the reproduction command it ends with, if any (see withReproduction). */
export function splitReproduction(message: string): { readonly text: string; readonly command?: string } {
  const at = message.lastIndexOf(REPRODUCE);
  return at < 0 ? { text: message } : { text: message.slice(0, at), command: message.slice(at + REPRODUCE.length) };
}
