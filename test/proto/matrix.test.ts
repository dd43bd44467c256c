import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGolden } from '../../src/proto/golden.ts';
import { runSuite } from '../../src/proto/runner.ts';
import { peerSchema } from '../../src/proto/model.ts';
import { InProcessTestee, ProcessTestee, helloOf, type TesteeClient } from '../../src/proto/testee.ts';
import { SHIPPED } from '../../src/proto/testees/index.ts';
import { KNOWN_DIVERGENCES, shippedCommand } from './helpers.ts';
import { bufbuildCodec } from '../../src/proto/testees/bufbuild.ts';
import { fromHex, toBase64 } from '../../src/proto/wire.ts';

const ctx = { schema: peerSchema(), golden: readGolden().vectors };
const BIN = fileURLToPath(new URL('../../bin/conform.js', import.meta.url));

describe('cross-implementation matrix: every shipped testee holds every Required property', () => {
  for (const shipped of SHIPPED) {
    const why = shipped.unavailable();
    // protobufjs runs as a program here (the CLI default runs it in process), so the protocol path is covered too.
    it.skipIf(!!why)(`${shipped.name}${why ? ` (skip: ${why})` : ''}`, async () => {
      const { testee, hello } = await ProcessTestee.start(await shippedCommand(shipped));
      try {
        // protoc answers a batch of inputs with one process, but each input it refuses alone: the properties of
        // invalid input cost a process per case, so it runs fewer cases (each property is still exercised).
        const results = await runSuite(hello, ctx, { runs: shipped.name === 'protoc' ? 10 : 40, seed: 20240501, client: async () => testee });
        const known = KNOWN_DIVERGENCES[shipped.name] ?? {};
        const failures = results.filter((r) => r.level === 'Required' && r.status === 'fail' && !(r.id in known));
        expect(failures.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
        expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(18);
      } finally {
        await testee.close();
      }
    });
  }

  it('the in-process protobufjs client gives the same verdicts', async () => {
    const codec = await SHIPPED[0]!.codec!();
    const client: TesteeClient = new InProcessTestee(codec);
    const results = await runSuite(helloOf(codec), ctx, { runs: 40, seed: 20240501, client: async () => client });
    expect(results.filter((r) => r.status !== 'pass').map((r) => r.id)).toEqual([]);
  });

  it('the known divergences of @bufbuild/protobuf are still there (remove them from KNOWN_DIVERGENCES when fixed)', async () => {
    const codec = bufbuildCodec();
    const decode = async (type: string, hex: string): Promise<unknown> => (await codec.handle([{ id: 1, op: 'decode', type, bytes: toBase64(fromHex(hex)) }]))[0];
    // networking_sockets (13) of length 2 holds data (5) of length 1 without its byte; source_ip (128) = 128 follows.
    expect(await decode('Common_Message', '6a022a0180088001')).toMatchObject({ json: { networking_sockets: { data: 'gA==' } } });
    // An end group of room_id (field 1, 0c) with no start group: the byte after it is read as room_id.
    expect(await decode('Lobby', '0c05')).toMatchObject({ json: { room_id: '5' } });
    // appid (9, uint32) written as LEN: read as a value.
    expect(await decode('Lobby', '4a020801')).toMatchObject({ json: { appid: 2 } });
  });

  it('conform proto --matrix reports a testee whose runtime is missing as skip, with the reason', () => {
    const r = spawnSync(process.execPath, [BIN, 'proto', '--matrix', '--runs', '5', '--seed', '1', '--property', 'roundtrip'], {
      encoding: 'utf8',
      env: { ...process.env, CONFORM_PYTHON: '/nonexistent/python3' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^property\s+requirement\s+level\s+protobufjs\s+bufbuild\s+protoc\s+python$/m);
    expect(r.stdout).toMatch(/^roundtrip\s+PB-2-roundtrip\s+Required\s+pass\s+pass\s+\S+\s+skip$/m);
    expect(r.stdout).toMatch(/python: skip: \/nonexistent\/python3 cannot be run/);
  });
});
