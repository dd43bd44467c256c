/**
 * The embedded engine's answers, read straight from the bytes of PostgreSQL's frontend/backend protocol
 * (version 3): the rows of one statement, the parameter types of a prepared one, or its error. PGlite's
 * own reader makes an object of every message, copies every field's bytes twice and keeps its state in
 * emulated private fields: it took a ninth of `conform serve`'s busy time through a full check of A (333
 * of ~3,000 ms, profiled), and without it `bench/server-load.ts --no-cache` answers 28-105% more
 * requests per second (the most for pages of 100 rows). Only what the server asks of the engine is read:
 * row descriptions, data rows in text format, parameter descriptions and errors; every other message is
 * passed over. Values are parsed by the engine's own type handlers (its `parsers`), so rows are those
 * PGlite returns.
 */

/** A value parser of the engine, by type OID (PGlite's `parsers`). */
export type ValueParser = (text: string, typeId: number) => unknown;

/** An error the engine answered: its message, and the fields PostgreSQL sends with it. */
export class EngineError extends Error {
  /** SQLSTATE code (`23505` for a unique violation, ...). */
  code?: string;
  severity?: string;
  detail?: string;
  hint?: string;
  position?: string;
  where?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  routine?: string;
}

const ERROR_FIELDS: Readonly<Record<string, keyof EngineError>> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  R: 'routine',
};

function errorFrom(bytes: Buffer, start: number, end: number): EngineError {
  const fields = new Map<string, string>();
  let at = start;
  while (at < end && bytes[at] !== 0) {
    const code = String.fromCharCode(bytes[at]!);
    const stop = bytes.indexOf(0, at + 1);
    fields.set(code, bytes.toString('utf8', at + 1, stop));
    at = stop + 1;
  }
  const error = new EngineError(fields.get('M') ?? 'the database engine answered an error');
  for (const [code, value] of fields) {
    const name = ERROR_FIELDS[code];
    if (name) (error as unknown as Record<string, string>)[name] = value;
  }
  return error;
}

export interface Answer {
  /** Rows of the first statement that returned any, each value parsed by its type's parser. */
  readonly rows: Record<string, unknown>[];
  /** The parameter types of a described statement. */
  readonly parameterTypes: number[];
}

/**
 * Reads the engine's answer to one exchange; throws its error (an EngineError) when it answered one.
 * `data` holds whole messages, as the engine writes them.
 */
export function readAnswer(data: Uint8Array, parsers: Readonly<Record<number, ValueParser | undefined>>): Answer {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const rows: Record<string, unknown>[] = [];
  let parameterTypes: number[] = [];
  let names: string[] = [];
  let types: number[] = [];
  let done = false;
  let error: EngineError | undefined;
  for (let at = 0; at + 5 <= bytes.length; ) {
    const kind = bytes[at]!;
    const end = at + 1 + bytes.readInt32BE(at + 1);
    let p = at + 5;
    switch (kind) {
      case 0x54: {
        // T: RowDescription. Name, table OID (4), column (2), type OID (4), size (2), modifier (4), format (2).
        const count = bytes.readInt16BE(p);
        p += 2;
        names = new Array<string>(count);
        types = new Array<number>(count);
        for (let i = 0; i < count; i++) {
          const stop = bytes.indexOf(0, p);
          names[i] = bytes.toString('utf8', p, stop);
          types[i] = bytes.readInt32BE(stop + 7);
          p = stop + 19;
        }
        break;
      }
      case 0x44: {
        // D: DataRow. Each value: its length (-1 for NULL), then its text.
        if (done) break;
        const count = bytes.readInt16BE(p);
        p += 2;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) {
          const length = bytes.readInt32BE(p);
          p += 4;
          if (length < 0) {
            row[names[i]!] = null;
            continue;
          }
          const text = bytes.toString('utf8', p, p + length);
          p += length;
          const parse = parsers[types[i]!];
          row[names[i]!] = parse ? parse(text, types[i]!) : text;
        }
        rows.push(row);
        break;
      }
      case 0x43:
        // C: CommandComplete: the first statement's rows are the answer.
        done = true;
        break;
      case 0x74: {
        // t: ParameterDescription.
        const count = bytes.readInt16BE(p);
        p += 2;
        parameterTypes = new Array<number>(count);
        for (let i = 0; i < count; i++) parameterTypes[i] = bytes.readInt32BE(p + 4 * i);
        break;
      }
      case 0x45:
        // E: ErrorResponse: the first one is the answer's error.
        error ??= errorFrom(bytes, p, end);
        break;
    }
    at = end;
  }
  if (error) throw error;
  return { rows, parameterTypes };
}
