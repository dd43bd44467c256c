import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { peerSchema } from '../../src/proto/model.ts';
import { FrameReader, ProtocolError, encodeFrame, type Answer, type Request } from '../../src/proto/protocol.ts';
import { ProcessTestee, TesteeError, splitCommand } from '../../src/proto/testee.ts';
import { protocCodec, protocVersion } from '../../src/proto/testees/protoc.ts';
import { encodeReference } from '../../src/proto/reference.ts';
import { runCli } from '../support/cli.ts';
import { testProgram } from '../support/programs.ts';
import { shippedCommand } from './helpers.ts';
import { shippedTestee } from '../../src/proto/testees/index.ts';
import { scaled } from '../support/time.ts';

const SLOW = fileURLToPath(new URL('./slow-testee.ts', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A plain-JS testee program; `behaviour` runs for every request after hello. */
function program(behaviour: string): string[] {
  const src = `
    let buf = Buffer.alloc(0);
    const send = (o) => { const b = Buffer.from(JSON.stringify(o)); const h = Buffer.alloc(4); h.writeUInt32LE(b.length); process.stdout.write(Buffer.concat([h, b])); };
    process.stdin.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 4 && buf.length >= 4 + buf.readUInt32LE(0)) {
        const req = JSON.parse(buf.subarray(4, 4 + buf.readUInt32LE(0)).toString());
        buf = buf.subarray(4 + buf.readUInt32LE(0));
        if (req.op === 'hello') { send({ id: req.id, name: 'bad', version: '0', ops: ['encode', 'decode'] }); continue; }
        ${behaviour}
      }
    });`;
  return [process.execPath, '-e', src];
}

async function firstEncodeError(behaviour: string, timeoutMs = 5000): Promise<string> {
  const { testee } = await ProcessTestee.start(program(behaviour), { timeoutMs });
  try {
    await testee.call({ op: 'encode', type: 'Low_Level', json: {} });
    return 'no error';
  } catch (e) {
    expect(e).toBeInstanceOf(TesteeError);
    return (e as Error).message;
  } finally {
    await testee.close();
  }
}

describe('testee protocol framing', () => {
  it('reads frames split across chunks and refuses oversized lengths', () => {
    const r = new FrameReader(1000);
    const frame = Buffer.concat([encodeFrame({ id: 1 }), encodeFrame({ id: 2 })]);
    expect(r.push(frame.subarray(0, 6))).toEqual([]);
    expect(r.push(frame.subarray(6))).toEqual([{ id: 1 }, { id: 2 }]);
    const big = Buffer.alloc(4);
    big.writeUInt32LE(5000);
    expect(() => new FrameReader(1000).push(big)).toThrow(ProtocolError);
  });

  it('splits command lines with quotes', () => {
    expect(splitCommand(`node -e 'a b' "c \\"d\\""`)).toEqual(['node', '-e', 'a b', 'c "d"']);
  });
});

describe('a bad testee gets a clear error, never a hang', () => {
  it('crash', async () => {
    expect(await firstEncodeError('process.exit(3);')).toMatch(/exited with code 3/);
  });
  it('hang (per-request timeout)', async () => {
    const limit = scaled(300);
    expect(await firstEncodeError('/* never answers */', limit)).toContain(`no answer within ${limit} ms`);
  });
  it('a slow start is not a hang: the hello has its own allowance, then each answer the per-request limit', async () => {
    const limit = scaled(300);
    // Reads nothing for three limits (a runtime starting), then answers as a good testee does.
    const slow = [process.execPath, '-e', `setTimeout(() => { ${program("send({ id: req.id, bytes: '' });")[2]} }, ${3 * limit});`];
    const { testee, hello } = await ProcessTestee.start(slow, { timeoutMs: limit });
    try {
      expect(hello.name).toBe('bad');
      expect((await testee.call({ op: 'encode', type: 'Low_Level', json: {} })).bytes).toBe('');
    } finally {
      await testee.close();
    }
    // One that never answers its hello is told apart from a hang, after the start-up allowance.
    const startupMs = scaled(600);
    await expect(ProcessTestee.start([process.execPath, '-e', 'process.stdin.resume();'], { timeoutMs: limit, startupMs })).rejects.toThrow(
      `no answer within ${startupMs} ms to request 1 (hello); the testee counts as not started`,
    );
  });
  it('garbage instead of a frame', async () => {
    expect(await firstEncodeError(`const h = Buffer.alloc(4); h.writeUInt32LE(3); process.stdout.write(Buffer.concat([h, Buffer.from('{{{')]));`)).toMatch(/not JSON/);
  });
  it('oversized frame length', async () => {
    expect(await firstEncodeError(`process.stdout.write(Buffer.from([255, 255, 255, 255]));`)).toMatch(/exceeds the limit/);
  });
  it('wrong id', async () => {
    expect(await firstEncodeError(`send({ id: req.id + 7, bytes: '' });`)).toMatch(/expected the answer to request \d+, got id \d+/);
  });
  it('a program that cannot start, or fails before hello, is a usage error (exit 2)', async () => {
    await expect(ProcessTestee.start(['/nonexistent/testee'])).rejects.toThrow(/cannot run testee/);
    const r = await runCli('proto', '--testee', `${process.execPath} -e "process.exit(5)"`, '--runs', '1');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot start testee .*exited with code 5/);
  });
  it('a testee that crashes mid-run fails the properties (exit 1) instead of crashing conform', async () => {
    const crashing = program('process.exit(9);');
    const cmd = crashing.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
    const r = await runCli('proto', '--testee', cmd, '--runs', '3', '--property', 'roundtrip,field-numbers');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/testee failure: testee exited with code 9/);
  });
});

describe('the time limit judges an answer, not a batch', () => {
  it('a testee slow per answer is never hung for speed: 80 answers of 50 ms each under a 2000 ms limit', async () => {
    // The shipped server loop writes each answer when it has it; the batch takes about twice the limit
    // (both scaled to the machine: the limit also covers the testee's start).
    const { testee } = await ProcessTestee.start(await testProgram(SLOW, String(scaled(50))), { timeoutMs: scaled(2000) });
    try {
      const answers = await Promise.all(Array.from({ length: 80 }, () => testee.call({ op: 'encode', type: 'Low_Level', json: {} })));
      expect(answers.map((a) => a.bytes)).toEqual(Array.from({ length: 80 }, () => ''));
      expect(testee.broken).toBeUndefined();
    } finally {
      await testee.close();
    }
  });

  it('the shipped server loop hands the requests read during a batch to the codec as one next batch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-testee-'));
    dirs.push(dir);
    const { testee } = await ProcessTestee.start(await testProgram(SLOW, '500', dir), { timeoutMs: 5000 });
    const readChunks = async (n: number): Promise<void> => {
      while (!existsSync(join(dir, `read-${n}`))) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    try {
      const decode = (): Promise<Answer> => testee.call({ op: 'decode', type: 'Low_Level', bytes: '' });
      const first = decode();
      await readChunks(2); // the hello, then the first request
      const later: Promise<Answer>[] = [];
      for (let i = 0; i < 3; i++) {
        later.push(decode());
        await readChunks(3 + i); // each read on its own while the first is worked on
      }
      expect((await first).json).toEqual({ batch: 1 });
      expect((await Promise.all(later)).map((a) => a.json)).toEqual([{ batch: 3 }, { batch: 3 }, { batch: 3 }]);
    } finally {
      await testee.close();
    }
  });

  it('a testee that stops answering is hung one limit after its last answer, though requests keep being sent', async () => {
    // Answers the first two requests, then nothing.
    const limit = scaled(500);
    const { testee } = await ProcessTestee.start(program(`if (req.id <= 3) send({ id: req.id, bytes: '' });`), { timeoutMs: limit });
    let sent = 0;
    let more: NodeJS.Timeout | undefined;
    try {
      expect((await testee.call({ op: 'encode', type: 'Low_Level', json: {} })).bytes).toBe('');
      expect((await testee.call({ op: 'encode', type: 'Low_Level', json: {} })).bytes).toBe('');
      const stuck = testee.call({ op: 'encode', type: 'Low_Level', json: {} });
      more = setInterval(() => {
        // conform keeps writing (a property still generating cases): new requests do not restart the clock
        if (sent++ < 40) testee.call({ op: 'encode', type: 'Low_Level', json: {} }).catch(() => undefined);
      }, scaled(100));
      await expect(stuck).rejects.toThrow(`no answer within ${limit} ms to request 4 (encode); the testee counts as hung`);
      // Caught while the writes went on (40 of them take 8 limits), not once they stopped.
      expect(sent).toBeLessThan(40);
    } finally {
      clearInterval(more);
      await testee.close();
    }
  });

  it('an answer that arrived while conform itself was held up is read before the testee is judged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-testee-'));
    dirs.push(dir);
    const marker = join(dir, 'answered');
    const limit = scaled(1000);
    const { testee } = await ProcessTestee.start(program(`send({ id: req.id, bytes: '' }); require('node:fs').writeFileSync(${JSON.stringify(marker)}, '');`), { timeoutMs: limit });
    try {
      const answer = testee.call({ op: 'encode', type: 'Low_Level', json: {} });
      await new Promise((resolve) => setImmediate(resolve)); // the request is written
      // Hold this thread (as a busy machine does) until the answer is in the pipe and the limit has passed.
      const start = performance.now();
      while (!existsSync(marker) || performance.now() - start < limit + 100) {
        /* busy */
      }
      expect((await answer).bytes).toBe('');
      expect(testee.broken).toBeUndefined();
    } finally {
      await testee.close();
    }
  });

  it.skipIf(protocVersion() === null)('the protoc testee reports each answer as it has it, the first unanswered request first, also when a batch fails', async () => {
    const codec = protocCodec(peerSchema());
    const good = encodeReference(peerSchema(), 'Low_Level', { type: 'CONNECT' });
    const cut = encodeReference(peerSchema(), 'Lobby', { owner: '7', appid: '3' }).subarray(0, 3);
    // Two types interleaved, every input of one type cut short: that batch fails and is retried one at a time.
    const requests: Request[] = Array.from({ length: 8 }, (_, i) =>
      i % 2 === 0 ? { id: 10 + i, op: 'decode', type: 'Lobby', bytes: Buffer.from(cut).toString('base64') } : { id: 10 + i, op: 'decode', type: 'Low_Level', bytes: Buffer.from(good).toString('base64') },
    );
    const reported: [number, Answer][] = [];
    const answers = await codec.handle(requests, (i, a) => reported.push([i, a]));
    // Lobby's batch fails, so request 0 runs alone; Low_Level's batch answers 1, 3, 5, 7; then each
    // cut Lobby runs when it is the first unanswered request. A server writes 0, then 1, then 2 and
    // 3, ... each as soon as every earlier answer is out.
    expect(reported.map(([i]) => i)).toEqual([0, 1, 3, 5, 7, 2, 4, 6]);
    expect(reported.map(([i, a]) => [a, answers[i]]).every(([a, b]) => a === b)).toBe(true);
    expect(answers.map((a) => a.id)).toEqual(requests.map((r) => r.id));
    expect(answers.map((a) => ('parse_error' in a ? 'rejected' : a.json))).toEqual([
      'rejected', { type: 'CONNECT' }, 'rejected', { type: 'CONNECT' }, 'rejected', { type: 'CONNECT' }, 'rejected', { type: 'CONNECT' },
    ]);
  });

  it('a testee killed as hung leaves nothing in the temporary directory: its TMPDIR is its own, removed when it ends', async () => {
    // It makes a directory of its own in its TMPDIR, says where, then never answers again.
    const behaviour = `if (req.id === 2) { const d = require('fs').mkdtempSync(require('path').join(require('os').tmpdir(), 'left-')); send({ id: req.id, bytes: '', tmp: require('os').tmpdir(), made: d }); }`;
    const { testee } = await ProcessTestee.start(program(behaviour), { timeoutMs: 1000 });
    const first = (await testee.call({ op: 'encode', type: 'Low_Level', json: {} })) as Answer & { tmp: string; made: string };
    expect(first.tmp).toBe(testee.tempDir);
    expect(existsSync(first.made)).toBe(true);
    await expect(testee.call({ op: 'encode', type: 'Low_Level', json: {} })).rejects.toThrow(/hung|did not answer|timed out/i);
    await testee.close();
    expect(existsSync(testee.tempDir)).toBe(false);
  });

  it.skipIf(protocVersion() === null)('the protoc testee killed as hung leaves no wrapper .proto behind', async () => {
    const { testee } = await ProcessTestee.start(await shippedCommand(shippedTestee('protoc')!));
    await testee.call({ op: 'encode', type: 'Low_Level', json: { type: 'CONNECT' } });
    const made = readdirSync(testee.tempDir);
    expect(made.some((d) => d.startsWith('conform-protoc-'))).toBe(true);
    process.kill(testee.pid!, 'SIGKILL');
    await testee.close();
    expect(existsSync(testee.tempDir)).toBe(false);
  });
});
