/**
 * Clients for implementations under test. A client numbers requests, sends them in order and
 * matches each answer to its request. Requests made before the event loop turns go out together
 * (one write of many frames), so a property that issues a thousand encodes at once pipelines
 * them through an external testee.
 *
 * ProcessTestee runs any program speaking the testee protocol over stdin/stdout and guards
 * against broken programs: crash, hang, garbage, oversized frame length, wrong id. Each of these
 * fails the pending requests with a TesteeError and kills the program; conform itself never hangs
 * on a testee.
 *
 * The time limit judges one answer, not a batch: the oldest pending request must be answered
 * within the timeout of whichever came later, the previous answer or the sending of that request.
 * A testee working through a thousand pipelined requests at 40 ms each is never hung as long as it
 * writes each answer when it has it; one that stops answering is caught one timeout after its last
 * answer, however many requests are pending.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearImmediate, setImmediate } from 'node:timers';
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
  /**
   * Answers a batch, in order. A codec that takes a while per request should report each answer
   * through `answered` (the index of its request, the answer with its id) as soon as it has it: a
   * testee program writes the answers that are ready at once rather than holding the batch back,
   * so its time per answer, not per batch, is what the timeout judges. The returned array holds
   * every answer either way.
   */
  handle(requests: readonly Request[], answered?: (index: number, answer: Answer) => void): Answer[] | Promise<Answer[]>;
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
  /**
   * Milliseconds the oldest pending request may wait for its answer, counted from the previous
   * answer or from its sending, whichever is later, before the testee counts as hung.
   */
  readonly timeoutMs?: number;
  /**
   * Milliseconds the program has for its first answer (the hello), from its start: a runtime's start-up
   * (a JVM, an interpreter importing its protobuf library, a busy machine) is not a hang. Never less
   * than `timeoutMs`; default 30 s.
   */
  readonly startupMs?: number;
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
  /** performance.now() when the request was written (Infinity until then). */
  sentAt: number;
}

export class ProcessTestee implements TesteeClient {
  readonly label: string;
  broken: TesteeError | undefined;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly reader: FrameReader;
  private readonly pending = new Fifo<Pending>();
  /** JSON texts of requests not yet written, and their entries in `pending`. */
  private out: string[] = [];
  private unsent: Pending[] = [];
  private scheduled = false;
  private nextId = 1;
  /** The hang watch: a timer for the head's deadline, then the check of an overdue head after input is read. */
  private timer: NodeJS.Timeout | undefined;
  private overdue: NodeJS.Immediate | undefined;
  /** performance.now() of the last answer (0 before the first). */
  private lastAnswerAt = 0;
  private stderrTail = '';
  private readonly exited: Promise<void>;
  /** The program's own temporary directory (its TMPDIR), removed when it ends. */
  readonly tempDir: string;
  private readonly timeoutMs: number;
  private readonly startupMs: number;

  private constructor(argv: readonly string[], options: ProcessOptions) {
    this.label = argv.join(' ');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.startupMs = Math.max(this.timeoutMs, options.startupMs ?? 30_000);
    this.reader = new FrameReader(options.maxFrameBytes);
    // The program's temporary directory (TMPDIR) is one of its own, removed when it ends however it ends:
    // killed as hung or crashed, a testee cannot clean up what it wrote there (protoc's wrapper .proto).
    const temp = (this.tempDir = mkdtempSync(join(tmpdir(), 'conform-testee-')));
    this.child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd, env: { ...process.env, TMPDIR: temp } });
    this.exited = new Promise((resolve) => {
      this.child.once('close', (code, signal) => {
        rmSync(temp, { recursive: true, force: true });
        this.fail(`testee exited${signal ? ` on signal ${signal}` : ` with code ${code}`}${this.stderrSuffix()}`);
        resolve();
      });
    });
    this.child.once('error', (e) => {
      // A program that never started has no 'close' to remove its directory.
      if (this.child.pid === undefined) rmSync(temp, { recursive: true, force: true });
      this.fail(`cannot run testee ${JSON.stringify(argv[0])}: ${e.message}`);
    });
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
      const entry: Pending = { id, op: body.op, resolve, reject, sentAt: Infinity };
      this.pending.push(entry);
      this.unsent.push(entry);
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
    const entries = this.unsent;
    this.out = [];
    this.unsent = [];
    if (this.broken || texts.length === 0) return;
    const now = performance.now();
    for (const e of entries) e.sentAt = now;
    this.armTimer();
    if (this.child.stdin.writable) this.child.stdin.write(encodeFrameTexts(texts));
  };

  /** The limit for the oldest pending request: the start-up allowance until the first answer, then the timeout. */
  private limitFor(): number {
    return this.lastAnswerAt === 0 ? this.startupMs : this.timeoutMs;
  }

  /** When the oldest pending request counts as unanswered: one limit after its sending or the previous answer. */
  private headDeadline(head: Pending): number {
    return Math.max(this.lastAnswerAt, head.sentAt) + this.limitFor();
  }

  /** One timer watches for a hang; it is re-armed for the head's deadline while answers come in. */
  private armTimer(): void {
    const head = this.pending.peek();
    // A head not written yet (sentAt Infinity) gets its timer when it is.
    if (this.timer !== undefined || this.overdue !== undefined || !head || head.sentAt === Infinity) return;
    this.timer = setTimeout(this.onTimer, Math.max(1, this.headDeadline(head) - performance.now()));
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    const head = this.pending.peek();
    if (this.broken || !head) return;
    if (performance.now() < this.headDeadline(head)) return this.armTimer();
    // Timers run before input is read: when conform itself was held up (a busy machine), answers
    // may be waiting in the pipe. Judge only after the input that has arrived has been read.
    this.overdue = setImmediate(this.onOverdue);
  };

  private stopTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.overdue !== undefined) clearImmediate(this.overdue);
    this.timer = undefined;
    this.overdue = undefined;
  }

  private readonly onOverdue = (): void => {
    this.overdue = undefined;
    const head = this.pending.peek();
    if (this.broken || !head) return;
    if (performance.now() < this.headDeadline(head)) return this.armTimer();
    this.fail(`no answer within ${this.limitFor()} ms to request ${head.id} (${head.op}); the testee counts as ${this.lastAnswerAt === 0 ? 'not started' : 'hung'}`);
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
    if (frames.length > 0) this.lastAnswerAt = performance.now();
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
    if (this.pending.length === 0) this.stopTimer();
  }

  private fail(message: string): void {
    if (this.broken) return;
    this.broken = new TesteeError(message);
    this.stopTimer();
    for (const p of this.pending.drain()) p.reject(this.broken);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  async close(): Promise<void> {
    if (this.out.length > 0) this.flush();
    this.stopTimer();
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
