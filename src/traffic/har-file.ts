/**
 * Reading a HAR file entry by entry, without holding the whole parsed document: one pass over the
 * bytes (in chunks) finds where each element of `log.entries` lies and keeps the rest of the document
 * (the skeleton: everything but the entries' contents), which JSON.parse then checks whole. The entries
 * are read back one at a time from where they lie, and parsed one at a time.
 *
 * The skeleton and every entry parsed alone, separated by single commas, are the document parsed
 * whole: nothing outside them is skipped unchecked. What this reading does not expect (keys written
 * with escapes, `log` or `entries` twice, a document that does not parse) is left to the reading of
 * the whole text, which names the place and the reason as it always did.
 */
import { readSync } from 'node:fs';

const CHUNK = 1 << 20;
/** Keys longer than this are none of those looked for (log, entries). */
const MAX_KEY = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/** Where the entries of a HAR file lie (byte offsets, end exclusive), and the rest of the document. */
export interface HarLayout {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** The document with the contents of `log.entries` left out (`"entries": []`). */
  readonly skeleton: string;
  /**
   * The file ends inside `log.entries` (a recorder stopped while writing, `conform proxy` killed): the
   * entries are those whole before its end, and the skeleton is closed after them.
   */
  readonly cutShort?: boolean;
}

/** Reads the whole file (or the bytes given) through `visit`, chunk by chunk. */
function eachChunk(source: number | Buffer, size: number, visit: (chunk: Buffer, length: number, offset: number) => boolean): void {
  const chunk = Buffer.allocUnsafe(size);
  for (let offset = 0; ; ) {
    const n = typeof source === 'number' ? readSync(source, chunk, 0, size, offset) : source.copy(chunk, 0, offset, Math.min(source.byteLength, offset + size));
    if (n === 0) return;
    if (!visit(chunk, n, offset)) return;
    offset += n;
  }
}

/**
 * The layout of the HAR file open as `fd` (or of its bytes), or undefined when its text is not what this reading expects
 * (then the whole text is to be read, which says what is wrong, if anything). `chunkBytes`: how much is
 * read at a time.
 */
export function scanHar(fd: number | Buffer, chunkBytes = CHUNK): HarLayout | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  const skeleton: Buffer[] = [];
  /** Open containers: true for an object. */
  const objects: boolean[] = [];
  /** The last key read at depth 1 and 2 (the root object's, the log object's). */
  const keys: string[] = ['', '', ''];
  let expectKey = false;
  let inString = false;
  let escaped = false;
  /** The string being read is a key at depth 1 or 2: its bytes are kept. */
  let keeping = false;
  let key: number[] = [];
  let odd = false;
  let entriesSeen = 0;
  /** Inside the contents of log.entries (depth 3 is the array itself). */
  let inEntries = false;
  let elementStart = -1;
  let elementEnd = -1;
  let separated = true;

  eachChunk(fd, chunkBytes, (chunk, length, offset) => {
    // What of the chunk belongs to the skeleton: from here (none of it while inside the entries).
    let copyFrom = inEntries ? length : 0;
    for (let i = 0; i < length; i++) {
      if (inString && !keeping) {
        // The rest of a string, in a tight loop: up to its closing quote (an escape skips the byte after it).
        let j = escaped ? i + 1 : i;
        escaped = false;
        while (j < length) {
          const c = chunk[j]!;
          if (c === QUOTE) break;
          j += c === BACKSLASH ? 2 : 1;
        }
        if (j >= length) {
          // The string goes on in the next chunk, whose first byte is escaped when this one ended in a backslash.
          escaped = j > length;
          break;
        }
        inString = false;
        i = j;
        if (inEntries && objects.length === 3) elementEnd = offset + i + 1;
        continue;
      }
      if (inEntries && objects.length > 3) {
        // Inside an element: only strings and brackets matter, up to the element's end.
        for (; i < length; i++) {
          const c = chunk[i]!;
          if (c === QUOTE) {
            inString = true;
            break;
          }
          if (c === OPEN_OBJECT) objects.push(true);
          else if (c === OPEN_ARRAY) objects.push(false);
          else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
            if (objects.pop() !== (c === CLOSE_OBJECT)) odd = true;
            if (objects.length === 3) {
              elementEnd = offset + i + 1;
              break;
            }
          }
        }
        continue;
      }
      const b = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) {
          escaped = true;
          if (keeping) odd = true; // an escaped key: left to the whole reading
        } else if (b === QUOTE) {
          inString = false;
          if (keeping) {
            keys[objects.length] = String.fromCharCode(...key);
            keeping = false;
          }
        } else if (keeping && key.length < MAX_KEY) key.push(b);
        if (inEntries && objects.length === 3) elementEnd = offset + i + 1;
        continue;
      }
      const depth = objects.length;
      if (inEntries && depth === 3) {
        // Between or inside the elements of log.entries (scalars among them).
        if (b === COMMA || b === CLOSE_ARRAY) {
          if (elementStart < 0) {
            // `[,` or `,,` or `,]`: not JSON, which the whole reading says where.
            if (b === COMMA || !separated || starts.length > 0) odd = true;
          } else {
            starts.push(elementStart);
            ends.push(elementEnd);
          }
          elementStart = -1;
          separated = b === COMMA;
          if (b === CLOSE_ARRAY) {
            inEntries = false;
            objects.pop();
            copyFrom = i;
          }
          continue;
        }
        if (isSpace(b)) continue;
        if (elementStart < 0) elementStart = offset + i;
        elementEnd = offset + i + 1;
        if (b === QUOTE) inString = true;
        else if (b === OPEN_OBJECT) objects.push(true);
        else if (b === OPEN_ARRAY) objects.push(false);
        else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) odd = true;
        continue;
      }
      // Outside log.entries: the skeleton.
      if (b === QUOTE) {
        inString = true;
        if (expectKey && depth <= 2 && objects[depth - 1] === true) {
          keeping = true;
          key = [];
        }
      } else if (b === COLON) expectKey = false;
      else if (b === COMMA) expectKey = objects[depth - 1] === true;
      else if (b === OPEN_OBJECT) {
        objects.push(true);
        expectKey = true;
        if (objects.length <= 2) keys[objects.length] = '';
      } else if (b === OPEN_ARRAY) {
        objects.push(false);
        expectKey = false;
        if (depth === 2 && objects[0] === true && objects[1] === true && keys[1] === 'log' && keys[2] === 'entries') {
          entriesSeen++;
          inEntries = true;
          elementStart = -1;
          separated = true;
          skeleton.push(Buffer.from(chunk.subarray(copyFrom, i + 1)));
          copyFrom = length; // nothing more of this chunk, unless the entries end in it
        }
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (objects.pop() !== (b === CLOSE_OBJECT)) odd = true;
        expectKey = false;
      }
    }
    if (copyFrom < length) skeleton.push(Buffer.from(chunk.subarray(copyFrom, length)));
    return !odd;
  });
  if (!odd && inEntries && entriesSeen === 1) {
    // Cut short inside the entries: the last one counts when it is whole, and the document is closed after it.
    if (objects.length === 3 && !inString && elementStart >= 0) {
      starts.push(elementStart);
      ends.push(elementEnd);
    }
    return { starts, ends, skeleton: `${Buffer.concat(skeleton).toString('utf8')}]}}`, cutShort: true };
  }
  if (odd || inString || inEntries || objects.length > 0 || entriesSeen !== 1) return undefined;
  return { starts, ends, skeleton: Buffer.concat(skeleton).toString('utf8') };
}

/** Reads byte ranges of a file in order, a window of the file at a time. */
export class RangeReader {
  private buffer = Buffer.allocUnsafe(CHUNK);
  private start = 0;
  private length = 0;

  constructor(private readonly fd: number) {}

  /** The text of bytes [start, end); undefined when the file ends before (it changed since it was scanned). */
  text(start: number, end: number): string | undefined {
    if (start < this.start || end > this.start + this.length) {
      const size = Math.max(CHUNK, end - start);
      if (this.buffer.byteLength < size) this.buffer = Buffer.allocUnsafe(size);
      this.start = start;
      this.length = 0;
      for (let n = -1; n !== 0 && this.length < size; this.length += n) n = readSync(this.fd, this.buffer, this.length, size - this.length, start + this.length);
      if (end > this.start + this.length) return undefined;
    }
    return this.buffer.toString('utf8', start - this.start, end - this.start);
  }
}
