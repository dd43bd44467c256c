import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FrameReader, ProtocolError, encodeFrame } from '../../src/proto/protocol.ts';
import { ProcessTestee, TesteeError, splitCommand } from '../../src/proto/testee.ts';
import { runCli } from './helpers.ts';

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
    expect(await firstEncodeError('/* never answers */', 300)).toMatch(/no answer within 300 ms/);
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
  it('a testee that stops answering is hung one limit after its last answer, though requests keep being sent', async () => {
    // Answers the first two requests, then nothing.
    const { testee } = await ProcessTestee.start(program(`if (req.id <= 3) send({ id: req.id, bytes: '' });`), { timeoutMs: 500 });
    let sent = 0;
    let more: NodeJS.Timeout | undefined;
    try {
      expect((await testee.call({ op: 'encode', type: 'Low_Level', json: {} })).bytes).toBe('');
      expect((await testee.call({ op: 'encode', type: 'Low_Level', json: {} })).bytes).toBe('');
      const stuck = testee.call({ op: 'encode', type: 'Low_Level', json: {} });
      more = setInterval(() => {
        // conform keeps writing (a property still generating cases): new requests do not restart the clock
        if (sent++ < 40) testee.call({ op: 'encode', type: 'Low_Level', json: {} }).catch(() => undefined);
      }, 100);
      await expect(stuck).rejects.toThrow(/no answer within 500 ms to request 4 \(encode\); the testee counts as hung/);
      // Caught while the writes went on (40 of them take 4 s), not once they stopped.
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
    const { testee } = await ProcessTestee.start(program(`send({ id: req.id, bytes: '' }); require('node:fs').writeFileSync(${JSON.stringify(marker)}, '');`), { timeoutMs: 1000 });
    try {
      const answer = testee.call({ op: 'encode', type: 'Low_Level', json: {} });
      await new Promise((resolve) => setImmediate(resolve)); // the request is written
      // Hold this thread (as a busy machine does) until the answer is in the pipe and the limit has passed.
      const start = performance.now();
      while (!existsSync(marker) || performance.now() - start < 1100) {
        /* busy */
      }
      expect((await answer).bytes).toBe('');
      expect(testee.broken).toBeUndefined();
    } finally {
      await testee.close();
    }
  });
});
