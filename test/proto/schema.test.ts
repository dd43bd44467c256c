import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type DescriptorProto } from '@bufbuild/protobuf/wkt';
import protobuf from 'protobufjs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ENUMS, FILE, MESSAGES, type FieldSpec } from '../../specs/peer/format.ts';
import { REQUIREMENTS } from '../../specs/peer/requirements.ts';
import { INTERPRETATIONS } from '../../specs/peer/interpretations.ts';
import { PROPERTIES } from '../../src/proto/properties.ts';
import { allEnums, allMessageTypes, loadPeerRoot, PROTO_DIR, PROTO_PATH, typeName } from '../../src/proto/schema.ts';
import { diffSchema } from '../../src/proto/schema-diff.ts';
import { runCli } from '../support/cli.ts';

const hasProtoc = spawnSync('protoc', ['--version']).status === 0;

/** A field as "name number label type [oneof]" for comparison. */
function docField(f: FieldSpec): string {
  const t = f.type;
  const type = t.kind === 'scalar' ? t.scalar : t.kind === 'enum' ? t.enum : t.kind === 'message' ? t.message : 'map<string,bytes>';
  return `${f.name} ${f.number} ${f.repeated ? 'repeated' : 'singular'} ${type}${f.oneof ? ` oneof:${f.oneof}` : ''}`;
}

describe('proto/peer.proto matches the document tables (specs/peer/format.ts)', () => {
  it('protobufjs reflection: every message, field, oneof and enum value', () => {
    const root = loadPeerRoot();
    const types = allMessageTypes(root);
    expect(types.map(typeName).sort()).toEqual(MESSAGES.map((m) => m.name).sort());
    for (const m of MESSAGES) {
      const t = root.lookupType(m.name);
      const got = t.fieldsArray.map((f) => {
        f.resolve();
        const type = f instanceof protobuf.MapField ? `map<${f.keyType},${f.type}>` : f.resolvedType ? typeName(f.resolvedType) : f.type;
        return `${f.name} ${f.id} ${f.repeated ? 'repeated' : 'singular'} ${type}${f.partOf ? ` oneof:${f.partOf.name}` : ''}`;
      });
      expect(got.sort(), m.name).toEqual(m.fields.map(docField).sort());
      expect(t.oneofsArray.map((o) => o.name), m.name).toEqual(m.oneofs);
    }
    expect(allEnums(root).map((e) => `${typeName(e)} ${JSON.stringify(e.values)}`).sort()).toEqual(
      ENUMS.map((e) => `${e.name} ${JSON.stringify(Object.fromEntries(e.values.map((v) => [v.name, v.number])))}`).sort(),
    );
    const source = readFileSync(PROTO_PATH, 'utf8');
    expect(source).toMatch(/^syntax = "proto3";$/m);
    expect(source).toMatch(/^option optimize_for = LITE_RUNTIME;$/m);
    expect(source).not.toMatch(/^package /m);
    expect(Object.keys(root.lookupEnum('Networking_Sockets.Types').valuesById)).not.toContain('1');
  });

  it.skipIf(!hasProtoc)('protoc --descriptor_set_out: every message, field, oneof and enum value', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-schema-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const out = join(dir, 'peer.binpb');
    const r = spawnSync('protoc', [`-I${PROTO_DIR}`, `--descriptor_set_out=${out}`, 'peer.proto'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const file = fromBinary(FileDescriptorSetSchema, readFileSync(out)).file[0]!;
    expect(file.syntax).toBe(FILE.syntax);
    expect(file.package).toBe('');
    expect(file.options?.optimizeFor).toBe(3); // LITE_RUNTIME
    const scalar: Record<number, string> = { 4: 'uint64', 13: 'uint32', 5: 'int32', 8: 'bool', 12: 'bytes', 9: 'string' };
    const messages = new Map<string, DescriptorProto>();
    const visit = (d: DescriptorProto, prefix: string): void => {
      const name = prefix + d.name;
      if (d.options?.mapEntry) return;
      messages.set(name, d);
      d.nestedType.forEach((n) => visit(n, `${name}.`));
    };
    file.messageType.forEach((d) => visit(d, ''));
    expect([...messages.keys()].sort()).toEqual(MESSAGES.map((m) => m.name).sort());
    for (const m of MESSAGES) {
      const d = messages.get(m.name)!;
      const got = d.field.map((f) => {
        const ref = f.typeName.replace(/^\./, '');
        const entry = d.nestedType.find((n) => n.options?.mapEntry && `${m.name}.${n.name}` === ref);
        const type = entry ? `map<${scalar[entry.field[0]!.type]},${scalar[entry.field[1]!.type]}>` : f.typeName ? ref : scalar[f.type];
        const repeated = f.label === 3 && !entry;
        const oneof = Object.prototype.hasOwnProperty.call(f, 'oneofIndex') ? d.oneofDecl[f.oneofIndex]?.name : undefined;
        return `${f.name} ${f.number} ${repeated ? 'repeated' : 'singular'} ${type}${oneof ? ` oneof:${oneof}` : ''}`;
      });
      expect(got.sort(), m.name).toEqual(m.fields.map(docField).sort().map((s) => s.replace('map<string,bytes>', 'map<string,bytes>')));
    }
    const enums: string[] = [];
    const visitEnums = (d: DescriptorProto, prefix: string): void => {
      d.enumType.forEach((e) => enums.push(`${prefix}${d.name}.${e.name} ${e.value.map((v) => `${v.name}=${v.number}`).join(',')}`));
      d.nestedType.forEach((n) => visitEnums(n, `${prefix}${d.name}.`));
    };
    file.messageType.forEach((d) => visitEnums(d, ''));
    expect(enums.sort()).toEqual(ENUMS.map((e) => `${e.name} ${e.values.map((v) => `${v.name}=${v.number}`).join(',')}`).sort());
  });

  it('every property cites a catalogued requirement and every cited interpretation exists', () => {
    const ids = new Set(REQUIREMENTS.map((r) => r.id));
    for (const p of PROPERTIES) expect(ids, p.id).toContain(p.requirement);
    const pints = new Set(INTERPRETATIONS.map((i) => i.id));
    for (const r of REQUIREMENTS) for (const i of r.interpretations ?? []) expect(pints, r.id).toContain(i);
    expect(REQUIREMENTS.every((r) => /^PB-\d+-[a-z0-9-]+$/.test(r.id) && (r.level === 'Required' || r.level === 'Recommended'))).toBe(true);
  });
});

describe('conform proto schema', () => {
  const source = readFileSync(PROTO_PATH, 'utf8');
  const rules = (text: string): string[] => diffSchema(text).map((f) => `${f.breaking ? 'B' : 'w'} ${f.rule} ${f.subject}`);

  it('the shipped schema has no drift', () => {
    expect(diffSchema(source)).toEqual([]);
  });

  it('reports each drift in wire terms, named like buf rules', () => {
    expect(rules(source.replace('uint64 dest_id = 2;', 'uint64 dest_id = 20;'))).toContain('B FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED Common_Message.dest_id');
    expect(rules(source.replace('uint32 source_ip = 128;', 'fixed32 source_ip = 128;'))).toEqual(['B FIELD_WIRE_COMPATIBLE_TYPE Common_Message.source_ip']);
    expect(rules(source.replace('uint32 tcp_port = 3;', 'uint64 tcp_port = 3;'))).toEqual(['w FIELD_SAME_TYPE Announce.tcp_port']);
    expect(rules(source.replace('CHAT_MESSAGE = 4;', 'CHAT_MESSAGE = 5;'))).toEqual(['B ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED Lobby_Messages.Types.CHAT_MESSAGE']);
    expect(rules(source.replace('    CHAT_MESSAGE = 4;\n', ''))).toEqual(['B ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED Lobby_Messages.Types.CHAT_MESSAGE']);
    expect(rules(source.replace('    CHAT_MESSAGE = 4;\n', '    reserved 4;\n'))).toEqual(['w ENUM_VALUE_NO_DELETE Lobby_Messages.Types.CHAT_MESSAGE']);
    expect(rules(source.replace('  uint32 appid = 5;\n}', '  reserved 5;\n}'))).toEqual(['w FIELD_NO_DELETE Announce.appid']);
    expect(rules(source.replace('  uint32 appid = 5;\n}', '}'))).toEqual(['B FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED Announce.appid']);
    expect(rules(source.replace('    Networking_Messages networking_messages = 15;\n  }', '  }\n  Networking_Messages networking_messages = 15;'))).toEqual([
      'B FIELD_SAME_ONEOF Common_Message.networking_messages',
    ]);
    expect(rules(source.replace('repeated uint64 ids = 2;', 'uint64 ids = 2;'))).toEqual(['B FIELD_WIRE_COMPATIBLE_CARDINALITY Announce.ids']);
    expect(rules(source.replace('bool joinable = 8;', 'bool is_joinable = 8;'))).toEqual(['w FIELD_SAME_NAME Lobby.joinable']);
    expect(rules(source.replace('syntax = "proto3";', 'edition = "2023";'))).toContain('B FILE_SAME_SYNTAX file');
    expect(rules(`package peer;\n${source}`)).toEqual(['w FILE_SAME_PACKAGE file']);
  });

  /** Finding messages as "B|w RULE subject: message". */
  const said = (text: string): string[] => diffSchema(text).map((f) => `${f.breaking ? 'B' : 'w'} ${f.rule} ${f.subject}: ${f.message}`);

  it('a rename never says the wire is unchanged for a number the same report marks BREAKING', () => {
    // Renamed and given another wire type: one number, one BREAKING finding.
    const retyped = said(source.replace('uint32 source_ip = 128;', 'fixed32 ip = 128;'));
    expect(retyped).toContainEqual(expect.stringMatching(/^B FIELD_WIRE_COMPATIBLE_TYPE Common_Message\.source_ip: field 128 type changed/));
    const renamed = retyped.find((f) => f.startsWith('w FIELD_SAME_NAME'))!;
    expect(renamed).toMatch(/field 128 is named ip, the documented format has source_ip/);
    expect(renamed).not.toMatch(/the wire does not/);
    // type moves onto member_limit's number: BREAKING for 6 and 7, and 6 is also "renamed".
    const shifted = said(source.replace('uint32 member_limit = 6;\n  uint32 type = 7;', 'uint32 type = 6;'));
    expect(shifted).toContainEqual(expect.stringMatching(/^B FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED Lobby\.type: field number changed: type is 6 instead of 7/));
    expect(shifted.find((f) => f.startsWith('w FIELD_SAME_NAME Lobby.member_limit'))).not.toMatch(/the wire does not/);
    // The same with enum values: CHAT_MESSAGE renumbered onto MEMBER_DATA's number.
    const values = said(source.replace('MEMBER_DATA = 3;\n    CHAT_MESSAGE = 4;', 'CHAT_MESSAGE = 3;'));
    expect(values).toContainEqual(expect.stringMatching(/^B ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED Lobby_Messages\.Types\.CHAT_MESSAGE: enum value renumbered: CHAT_MESSAGE is 3 instead of 4/));
    const value = values.find((f) => f.startsWith('w ENUM_VALUE_SAME_NAME Lobby_Messages.Types.MEMBER_DATA'))!;
    expect(value).toMatch(/number 3 is named CHAT_MESSAGE/);
    expect(value).not.toMatch(/the wire does not/);
    // A renamed message with a BREAKING change inside (packed) does not claim an unchanged wire.
    const message = said(source.replace(/\bAnnounce\b/g, 'Hello').replace('repeated uint64 ids = 2;', 'repeated uint64 ids = 2 [packed = false];'));
    expect(message).toContainEqual(expect.stringMatching(/^B FIELD_SAME_PACKED Announce\.ids/));
    const renamedMessage = message.find((f) => f.startsWith('w MESSAGE_SAME_NAME Announce:'))!;
    expect(renamedMessage).toMatch(/message Announce is named Hello/);
    expect(renamedMessage).not.toMatch(/the wire does not/);
    // Without a BREAKING change the rename still says the wire is unchanged.
    expect(said(source.replace('bool joinable = 8;', 'bool is_joinable = 8;'))).toEqual([
      'w FIELD_SAME_NAME Lobby.joinable: field 8 is named is_joinable, the documented format has joinable (the JSON form changes, the wire does not)',
    ]);
  });

  it('a field or enum value moved to another number is named with its new number', () => {
    // member_limit and type swap numbers: each number is "renamed", and each says where the field went.
    const swapped = said(source.replace('uint32 member_limit = 6;\n  uint32 type = 7;', 'uint32 type = 6;\n  uint32 member_limit = 7;'));
    expect(swapped.find((f) => f.startsWith('w FIELD_SAME_NAME Lobby.member_limit'))).toMatch(/field 6 is named type, the documented format has member_limit; member_limit is field 7 in the candidate/);
    expect(swapped.find((f) => f.startsWith('w FIELD_SAME_NAME Lobby.type'))).toMatch(/field 7 is named member_limit, the documented format has type; type is field 6 in the candidate/);
    // The old number reserved: the field is not gone, it is at its new number.
    const reserved = said(source.replace('uint32 member_limit = 6;', 'reserved 6;\n  uint32 member_limit = 40;'));
    const moved = reserved.find((f) => f.includes('Lobby.member_limit'))!;
    expect(moved).toMatch(/member_limit moved from 6 to 40/);
    expect(moved).not.toMatch(/the field is gone/);
    // An enum value moved while another takes its number.
    const values = said(source.replace('MEMBER_DATA = 3;\n    CHAT_MESSAGE = 4;', 'CHAT_MESSAGE = 3;\n    MEMBER_DATA = 4;'));
    expect(values.find((f) => f.includes('Lobby_Messages.Types.MEMBER_DATA'))).toMatch(/number 3 is named CHAT_MESSAGE, the documented format has MEMBER_DATA; MEMBER_DATA is 4 in the candidate/);
  });

  it('a renamed message that gained fields says so', () => {
    const grown = said(source.replace(/\bLow_Level\b/g, 'Link').replace('  Types type = 1;\n}', '  Types type = 1;\n  uint32 a = 5;\n  string b = 6;\n}'));
    const renamed = grown.find((f) => f.startsWith('w MESSAGE_SAME_NAME Low_Level:'))!;
    expect(renamed).toMatch(/message Low_Level is named Link and gained fields a \(5\), b \(6\)/);
    expect(renamed).not.toMatch(/same field numbers/);
    expect(grown.filter((f) => f.startsWith('w FIELD_ADDED')).map((f) => f.split(':')[0])).toEqual(['w FIELD_ADDED Low_Level.a', 'w FIELD_ADDED Low_Level.b']);
    expect(grown.find((f) => f.startsWith('w ENUM_SAME_NAME Low_Level.Types:'))).toMatch(/is named Link\.Types \(the wire does not change\)/);
    const values = said(source.replace(/\bLow_Level\b/g, 'Link').replace('DISCONNECT = 2;', 'DISCONNECT = 2;\n    RESET = 3;'));
    expect(values.find((f) => f.startsWith('w ENUM_SAME_NAME Low_Level.Types:'))).toMatch(/enum Low_Level\.Types is named Link\.Types and gained value RESET \(3\)/);
    // Renamed alone, it keeps saying the numbers and wire types are the same.
    expect(said(source.replace(/\bLow_Level\b/g, 'Link')).find((f) => f.startsWith('w MESSAGE_SAME_NAME Low_Level:'))).toMatch(/is named Link \(same field numbers and wire types: the type name changes, the wire does not\)/);
  });

  it('CLI: exit 0 when clean, 1 on a wire-breaking drift, 2 for an unreadable or unparsable file', async () => {
    const clean = await runCli('proto', 'schema', PROTO_PATH);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/no drift/);
    const dir = mkdtempSync(join(tmpdir(), 'conform-schema-cli-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'drift.proto'), source.replace('uint64 dest_id = 2;', 'uint64 dest_id = 20;'));
    const drift = await runCli('proto', 'schema', join(dir, 'drift.proto'));
    expect(drift.code).toBe(1);
    expect(drift.stdout).toMatch(/BREAKING FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED\s+Common_Message\.dest_id: field number changed: dest_id is 20 instead of 2/);
    writeFileSync(join(dir, 'broken.proto'), 'syntax = "proto3";\nmessage {');
    const broken = await runCli('proto', 'schema', join(dir, 'broken.proto'));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.proto: cannot parse/);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
    const missing = await runCli('proto', 'schema', join(dir, 'nope.proto'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*nope\.proto: ENOENT/);
  });
});
