/**
 * Clients for implementations under test. A client numbers requests, sends them in order and
 * matches each answer to its request. Requests made before the event loop turns go out together
 * (one write of many frames), so a property that issues a thousand encodes at once pipelines
 * them through an external testee.
 *
 * ProcessTestee runs any program speaking the testee protocol over stdin/stdout and guards
 * against broken programs: crash, hang (no answer within the timeout), garbage, oversized frame
 * length, wrong id. Each of these fails the pending requests with a TesteeError and kills the
 * program; conform itself never hangs on a testee.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { setImmediate } from 'node:timers';
import {
  FrameReader,
  ProtocolError,
  answerProblem,
  encodeFrameTexts,
  type Answer,
  type Hello,
  type HelloSchema,
  type Request,
  type RequestBody,
} from './protocol.ts';

export class TesteeError extends Error {
  override readonly name = 'TesteeError';
}

export interface TesteeClient {
  /** Human-readable description (command line or "in process"). */
  readonly label: string;
  call(body: RequestBody): Promise<Answer>;
  close(): Promise<void>;
  /** Set once the testee is unusable; later calls fail with it. */
  readonly broken: TesteeError | undefined;
}

/** Something that answers batches of requests: used in process and by the testee programs. */
export interface Codec {
  readonly name: string;
  readonly version: string;
  readonly ops: readonly string[];
  handle(requests: readonly Request[]): Answer[] | Promise<Answer[]>;
}

/** A first-in first-out queue with O(1) take (Array#shift is linear on long arrays). */
export class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  peek(): T | undefined {
    return this.items[this.head];
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /** Removes and returns everything. */
  drain(): T[] {
    const out = this.items.slice(this.head) as T[];
    this.items = [];
    this.head = 0;
    return out;
  }
}

/** JSON text of a request: the id first, then the body. */
function requestText(id: number, body: RequestBody): string {
  const text = JSON.stringify(body);
  return text.length > 2 ? `{"id":${id},${text.slice(1)}` : `{"id":${id}}`;
}

export function helloOf(codec: Codec): Hello {
  return { name: codec.name, version: codec.version, ops: codec.ops };
}

export function validateHello(a: Answer): Hello {
  if (typeof a.error === 'string') throw new TesteeError(`the testee refused the hello: ${a.error}`);
  if (typeof a.name !== 'string' || typeof a.version !== 'string' || !Array.isArray(a.ops) || !a.ops.every((o) => typeof o === 'string')) {
    throw new TesteeError(`hello answer must carry name, version and ops, got ${JSON.stringify(a).slice(0, 200)}`);
  }
  return { name: a.name, version: a.version, ops: a.ops };
}

/** Runs a codec in this process, batching the requests of one tick. */
export class InProcessTestee implements TesteeClient {
  readonly label: string;
  broken: TesteeError | undefined;
  private nextId = 1;
  private queue: { req: Request; resolve: (a: Answer) => void; reject: (e: Error) => void }[] = [];
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly codec: Codec) {
    this.label = `${codec.name} (in process)`;
  }

  call(body: RequestBody): Promise<Answer> {
    const req = { ...body, id: this.nextId++ } as Request;
    return new Promise((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    this.chain = this.chain.then(async () => {
      try {
        const answers = await this.codec.handle(batch.map((b) => b.req));
        for (let i = 0; i < batch.length; i++) {
          const b = batch[i]!;
          b.resolve(answers[i] ?? { id: b.req.id, error: 'no answer' });
        }
      } catch (e) {
        for (const b of batch) b.reject(new TesteeError(`codec failed: ${(e as Error).message}`));
      }
    });
  }

  async close(): Promise<void> {
    await this.chain;
  }
}

export interface ProcessOptions {
  /** Milliseconds without any answer while requests are pending before the testee counts as hung. */
  readonly timeoutMs?: number;
  readonly maxFrameBytes?: number;
  readonly cwd?: string;
  /** The schema to send in the hello request (runs on a `--schema` file). */
  readonly schema?: HelloSchema;
}

/** Splits a command line into words; supports single and double quotes and backslash escapes. */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) cur += command[++i];
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      cur += command[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (quote) throw new TesteeError(`unbalanced quote in testee command: ${command}`);
  if (inWord) words.push(cur);
  return words;
}

interface Pending {
  readonly id: number;
  readonly op: string;
  readonly resolve: (a: Answer) => void;
  readonly reject: (e: Error) => void;
}

export class ProcessTestee implements TesteeClient {
  readonly label: string;
  broken: TesteeError | undefined;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly reader: FrameReader;
  private readonly pending = new Fifo<Pending>();
  /** JSON texts of requests not yet written. */
  private out: string[] = [];
  private scheduled = false;
  private nextId = 1;
  private timer: NodeJS.Timeout | undefined;
  /** performance.now() of the last write of requests or the last answer. */
  private lastProgress = 0;
  private stderrTail = '';
  private readonly exited: Promise<void>;
  private readonly timeoutMs: number;

  private constructor(argv: readonly string[], options: ProcessOptions) {
    this.label = argv.join(' ');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.reader = new FrameReader(options.maxFrameBytes);
    this.child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd });
    this.exited = new Promise((resolve) => {
      this.child.once('close', (code, signal) => {
        this.fail(`testee exited${signal ? ` on signal ${signal}` : ` with code ${code}`}${this.stderrSuffix()}`);
        resolve();
      });
    });
    this.child.once('error', (e) => this.fail(`cannot run testee ${JSON.stringify(argv[0])}: ${e.message}`));
    this.child.stdin.on('error', () => {
      /* the exit handler reports the failure */
    });
    this.child.stderr.on('data', (d: Buffer) => {
      this.stderrTail = (this.stderrTail + d.toString('utf8')).slice(-2000);
    });
    this.child.stdout.on('data', (d: Buffer) => this.onData(d));
  }

  /** Process id of the testee program (undefined if it could not be started). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Starts the program and waits for its hello answer (no sleeping: the answer is the readiness signal). */
  static async start(command: string | readonly string[], options: ProcessOptions = {}): Promise<{ testee: ProcessTestee; hello: Hello }> {
    const argv = typeof command === 'string' ? splitCommand(command) : command;
    if (argv.length === 0) throw new TesteeError('empty testee command');
    const testee = new ProcessTestee(argv, options);
    try {
      const hello = validateHello(await testee.call(options.schema ? { op: 'hello', schema: options.schema } : { op: 'hello' }));
      return { testee, hello };
    } catch (e) {
      await testee.close();
      throw e instanceof TesteeError ? e : new TesteeError((e as Error).message);
    }
  }

  private stderrSuffix(): string {
    const tail = this.stderrTail.trim();
    return tail ? `; its stderr ends with: ${tail.slice(-500)}` : '';
  }

  call(body: RequestBody): Promise<Answer> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.push({ id, op: body.op, resolve, reject });
      this.out.push(requestText(id, body));
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  /** Writes every request made since the last flush as one buffer of frames. */
  private readonly flush = (): void => {
    this.scheduled = false;
    const texts = this.out;
    this.out = [];
    if (this.broken || texts.length === 0) return;
    this.lastProgress = performance.now();
    this.armTimer();
    if (this.child.stdin.writable) this.child.stdin.write(encodeFrameTexts(texts));
  };

  /** One timer watches for a hang; it is re-armed for the rest of the period while answers come in. */
  private armTimer(): void {
    if (this.timer === undefined && this.pending.length > 0) this.timer = setTimeout(this.onTimer, this.timeoutMs);
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    const head = this.pending.peek();
    if (this.broken || !head) return;
    const quiet = performance.now() - this.lastProgress;
    if (quiet < this.timeoutMs) {
      this.timer = setTimeout(this.onTimer, Math.max(1, this.timeoutMs - quiet));
      return;
    }
    this.fail(`no answer within ${this.timeoutMs} ms to request ${head.id} (${head.op}); the testee counts as hung`);
  };

  private onData(chunk: Buffer): void {
    if (this.broken) return;
    let frames: unknown[];
    try {
      frames = this.reader.push(chunk);
    } catch (e) {
      this.fail(e instanceof ProtocolError ? `protocol error: ${e.message}` : String(e));
      return;
    }
    if (frames.length > 0) this.lastProgress = performance.now();
    for (const frame of frames) {
      const problem = answerProblem(frame);
      const head = this.pending.peek();
      if (problem) return this.fail(`protocol error: ${problem}: ${JSON.stringify(frame).slice(0, 120)}`);
      const answer = frame as Answer;
      if (!head) return this.fail(`protocol error: answer ${answer.id} without a pending request`);
      if (answer.id !== head.id) return this.fail(`protocol error: expected the answer to request ${head.id}, got id ${answer.id}`);
      this.pending.shift();
      head.resolve(answer);
    }
    if (this.pending.length === 0 && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private fail(message: string): void {
    if (this.broken) return;
    this.broken = new TesteeError(message);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const p of this.pending.drain()) p.reject(this.broken);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  async close(): Promise<void> {
    if (this.out.length > 0) this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.child.pid === undefined) {
      // never started (spawn error); nothing to wait for
    } else if (this.child.exitCode === null && this.child.signalCode === null && !this.child.killed) {
      this.child.stdin.end();
      const killTimer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
      await this.exited;
      clearTimeout(killTimer);
    } else {
      await this.exited;
    }
    if (!this.broken) this.broken = new TesteeError('testee closed');
  }
}
