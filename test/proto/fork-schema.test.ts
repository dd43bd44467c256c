/**
 * Real .proto files and their forks: the wire-structural schema diff (with --against), and the
 * property suites on any proto3 schema (`conform proto --schema`) with every shipped testee.
 * Fixtures: fixtures/proto/*.proto (see fixtures/proto/README.md).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { helloSchemaOf } from '../../src/proto/compile.ts';
import { loadSchemaFile } from '../../src/proto/model.ts';
import { runSuite } from '../../src/proto/runner.ts';
import { InProcessTestee, ProcessTestee, helloOf } from '../../src/proto/testee.ts';
import { SHIPPED } from '../../src/proto/testees/index.ts';
import { DEFECTS } from './faulty-testee.ts';
import { KNOWN_DIVERGENCES, faultyCommand, shippedCommand } from './helpers.ts';
import { requirement as requirementOf } from '../../specs/peer/requirements.ts';
import { runCli } from '../support/cli.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/proto/${name}`, import.meta.url));
const UPSTREAM = fixture('upstream-brand.proto');
const FORK = fixture('fork-additive.proto');
const SWAPPED = fixture('fork-swapped.proto');
const WIRE = fixture('fork-wire-type.proto');
const SCALARS = fixture('all-scalars.proto');

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'conform-fork-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface JsonFindings {
  breaking: number;
  warnings: number;
  findings: { rule: string; breaking: boolean; subject: string; message: string }[];
}
const json = (stdout: string): JsonFindings => JSON.parse(stdout) as JsonFindings;

describe('conform proto schema: matching by wire structure', () => {
  it('the upstream file with its brand names: warnings only, exit 0', async () => {
    const r = await runCli('proto', 'schema', UPSTREAM, '--format', 'json');
    expect(r.code).toBe(0);
    const out = json(r.stdout);
    expect(out.breaking).toBe(0);
    expect(out.findings.map((f) => `${f.rule} ${f.subject}`).sort()).toEqual([
      'ENUM_SAME_NAME Platform_Messages.Types',
      'ENUM_VALUE_SAME_NAME Network_Old.Types.CONNECTION_REQUEST_PLATFORMID',
      'FIELD_SAME_NAME Common_Message.platform_messages',
      'MESSAGE_SAME_NAME PlatformAppTicket_pb',
      'MESSAGE_SAME_NAME Platform_Messages',
    ]);
    expect(out.findings.find((f) => f.subject === 'Platform_Messages')!.message).toMatch(/named Steam_Messages/);
    const text = await runCli('proto', 'schema', UPSTREAM);
    expect(text.stdout).toMatch(/none wire-breaking/);
    expect(text.stdout).not.toMatch(/BREAKING/);
  });

  it('an additive fork: FIELD_ADDED warnings for the new Common_Message members, exit 0', async () => {
    const r = await runCli('proto', 'schema', FORK, '--format', 'json');
    expect(r.code).toBe(0);
    const out = json(r.stdout);
    expect(out.breaking).toBe(0);
    const added = out.findings.filter((f) => f.rule === 'FIELD_ADDED').map((f) => f.subject);
    expect(added).toEqual(expect.arrayContaining(['Common_Message.gameserver_stats_messages', 'Common_Message.leaderboards_messages', 'Common_Message.gameserver_items_messages', 'Gameserver.players']));
  });

  it('--against: two forks that give one Common_Message number to different messages, exit 1 naming the number and both types', async () => {
    const r = await runCli('proto', 'schema', SWAPPED, '--against', FORK);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/BREAKING FIELD_WIRE_COMPATIBLE_TYPE\s+Common_Message\.gameserver_stats_messages: field 16 \(oneof messages\) means a different message: GameServerStats_Messages in .*fork-additive\.proto, Leaderboards_Messages in the candidate/);
    expect(r.stdout).toMatch(/field 17 \(oneof messages\) means a different message: Leaderboards_Messages in .*, GameServerStats_Messages in the candidate/);
    // Each fork alone is additive; compared with itself nothing differs.
    expect((await runCli('proto', 'schema', SWAPPED)).code).toBe(0);
    const same = await runCli('proto', 'schema', FORK, '--against', FORK, '--format', 'json');
    expect(same.code).toBe(0);
    expect(json(same.stdout).findings).toEqual([]);
  });

  it('a fork that changes a wire type: exit 1', async () => {
    const r = await runCli('proto', 'schema', WIRE, '--format', 'json');
    expect(r.code).toBe(1);
    expect(json(r.stdout).findings.filter((f) => f.breaking).map((f) => `${f.rule} ${f.subject}`)).toEqual(['FIELD_WIRE_COMPATIBLE_TYPE Common_Message.source_ip']);
    // The same change between two forks.
    const against = await runCli('proto', 'schema', WIRE, '--against', UPSTREAM);
    expect(against.code).toBe(1);
    expect(against.stdout).toMatch(/Common_Message\.source_ip: field 128 type changed from uint32 to fixed32: wire encoding varint becomes i32/);
  });

  it('a renamed message with another structure is BREAKING; packed changes and oneof moves too', async () => {
    const dir = tmp();
    const base = readFileSync(UPSTREAM, 'utf8');
    const write = (name: string, text: string): string => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const other = write('other.proto', base.replace('Types type = 1;\n  oneof message_data {\n    bytes message = 2;', 'Types type = 1;\n  oneof message_data {\n    uint64 message = 2;'));
    const r = await runCli('proto', 'schema', other, '--against', UPSTREAM, '--format', 'json');
    expect(r.code).toBe(1);
    expect(json(r.stdout).findings.filter((f) => f.breaking).map((f) => f.subject)).toContain('Steam_Messages.message');
    const unpacked = write('unpacked.proto', base.replace('repeated uint64 ids = 2;', 'repeated uint64 ids = 2 [packed = false];'));
    expect(json((await runCli('proto', 'schema', unpacked, '--format', 'json')).stdout).findings.map((f) => `${f.breaking ? 'B' : 'w'} ${f.rule} ${f.subject}`)).toContain('B FIELD_SAME_PACKED Announce.ids');
  });

  it('bad input: exit 2 with a clear message, never a crash', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'broken.proto'), 'syntax = "proto3";\nmessage {');
    for (const args of [
      ['proto', 'schema', join(dir, 'broken.proto')],
      ['proto', 'schema', UPSTREAM, '--against', join(dir, 'broken.proto')],
      ['proto', 'schema', UPSTREAM, '--against', join(dir, 'missing.proto')],
      ['proto', 'schema', UPSTREAM, '--format', 'yaml'],
    ]) {
      const r = await runCli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/cannot parse|cannot read .*ENOENT|--format must be text or json/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('conform proto --schema: the property suites on any proto3 schema', () => {
  const fork = loadSchemaFile(FORK);
  const { hello: forkHello } = helloSchemaOf(fork);

  it('reads optional fields, float, double, maps of messages and second oneofs from the fork', () => {
    expect(fork.rootMessage).toBe('Common_Message');
    expect(fork.message('StatInfo').fields.find((f) => f.name === 'value_avg')).toMatchObject({ optional: true, type: { kind: 'message', message: 'StatInfo.AvgStatInfo' } });
    expect(fork.message('StatInfo').oneofs).toEqual(['stat_value']);
    expect(fork.message('GameServerStats_Messages.AllStats').fields[0]!.type).toEqual({ kind: 'map', key: 'string', value: { kind: 'message', message: 'StatInfo' } });
    expect(fork.message('StatInfo.AvgStatInfo').fields.map((f) => f.type)).toEqual([
      { kind: 'scalar', scalar: 'float' },
      { kind: 'scalar', scalar: 'double' },
    ]);
  });

  for (const shipped of SHIPPED) {
    const why = shipped.unavailable(forkHello);
    it.skipIf(!!why)(`${shipped.name} holds every property on the additive fork${why ? ` (skip: ${why})` : ''}`, async () => {
      const { testee, hello } = await ProcessTestee.start(await shippedCommand(shipped), { schema: forkHello! });
      try {
        // protoc refuses each invalid input in a process of its own: fewer cases (see matrix.test.ts).
        const results = await runSuite(hello, { schema: fork, golden: [] }, { runs: shipped.name === 'protoc' ? 15 : 60, seed: 20240601, client: async () => testee });
        const known = KNOWN_DIVERGENCES[shipped.name] ?? {};
        expect(results.filter((r) => (r.status === 'fail' || r.status === 'warn') && !(r.id in known)).map((r) => `${r.id}: ${r.message}`)).toEqual([]);
        expect(results.filter((r) => r.status === 'skip').map((r) => r.id).sort()).toEqual(
          (shipped.name === 'protoc' ? ['golden-bytes', 'golden-vectors', 'unknown-preserved'] : ['golden-bytes', 'golden-vectors']).sort(),
        );
      } finally {
        await testee.close();
      }
    });
  }

  it('every proto3 scalar, packed and unpacked, integer and bool map keys, nested oneofs: protobufjs in process', async () => {
    const schema = loadSchemaFile(SCALARS, 'Envelope');
    expect(schema.rootMessage).toBe('conform.fixture.Envelope');
    const codec = await SHIPPED[0]!.codec!(helloSchemaOf(schema).hello);
    const client = new InProcessTestee(codec);
    const results = await runSuite(helloOf(codec), { schema, golden: [] }, { runs: 150, seed: 77, client: async () => client });
    // protobufjs keys 64-bit map entries by their bytes, so an entry whose key is absent (0) and
    // one that writes key 0 become two entries: a real protobufjs divergence the suite finds.
    expect(results.filter((r) => r.status === 'fail' && r.id !== 'map-entries' && r.id !== 'map-entry-shapes').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    for (const id of ['uint64-range', 'multibyte-tags', 'oneof-last-wins', 'oneof-merge', 'enum-numbers', 'packed-emit', 'packed-accept']) {
      expect(results.find((r) => r.id === id)?.status, id).toBe('pass');
    }
  });

  for (const [defect, requirement] of Object.entries(DEFECTS)) {
    if (requirementOf(requirement).level !== 'Required') continue;
    it(`fault injection on the fork: ${defect} -> exit 1 naming ${requirement}`, async () => {
      const r = await runCli('proto', '--schema', FORK, '--testee', await faultyCommand(defect), '--runs', '50', '--seed', '11');
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(new RegExp(`^FAIL \\S+ \\[${requirement}, Required\\]`, 'm'));
      expect(r.stdout).toMatch(/reproduce: conform proto --schema ".*fork-additive\.proto" --testee/);
    });
  }

  it('--report writes junit.xml (one testcase per property and testee) and summary.md', async () => {
    const dir = tmp();
    const r = await runCli('proto', '--schema', FORK, '--runs', '10', '--seed', '3', '--property', 'roundtrip,map-entries,golden-bytes', '--report', dir);
    expect(r.code).toBe(0);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(3);
    expect(junit).toMatch(/name="roundtrip \[PB-2-roundtrip\] \(protobufjs\)"/);
    expect(junit).toMatch(/<skipped message="golden vectors exist only for the documented format"/);
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/^# conform proto: PASS/);
    expect(summary).toMatch(/\| map-entries \| PB-2-map-entries \| Required \| pass \|/);
    const report = JSON.parse(readFileSync(join(dir, 'proto-report.json'), 'utf8')) as { schema: { file: string; rootMessage: string } };
    expect(report.schema.file).toMatch(/fork-additive\.proto$/);
    expect(report.schema.rootMessage).toBe('Common_Message');
  });

  it('bad usage: unreadable or non-proto3 schema, unknown root message, --root-message alone: exit 2', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'v2.proto'), 'syntax = "proto2";\nmessage A { optional int32 a = 1; }\n');
    const cases: [string[], RegExp][] = [
      [['proto', '--schema', join(dir, 'nope.proto')], /cannot read .*nope\.proto: ENOENT/],
      [['proto', '--schema', join(dir, 'v2.proto')], /syntax is proto2; --schema takes proto3 files/],
      [['proto', '--schema', FORK, '--root-message', 'No_Such'], /has no message No_Such \(top-level messages: .*Common_Message/],
      [['proto', '--root-message', 'Common_Message'], /--root-message needs --schema/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
