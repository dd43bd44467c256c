/**
 * The schema a run tests against: the documented peer message format (specs/peer/format.ts,
 * with proto/peer.proto for reflection) or any proto3 file given with `--schema`, read with
 * protobufjs and turned into the same tables. Every part of the suite (canonical JSON, the
 * reference codec, the encoding inspector, text format, arbitraries, properties) reads message
 * and enum definitions from a Schema, never from a global.
 *
 * Type names are protobuf full names without the leading dot: `Common_Message`,
 * `Announce.Other_Peers`, or `pkg.Msg` when the file declares a package.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import protobuf from 'protobufjs';
import { ENUMS, ENVELOPE, MESSAGES, type EnumSpec, type FieldSpec, type FieldType, type MessageSpec, type ScalarType, type ValueType } from '../../specs/peer/format.ts';
import { PROTO_PATH, allEnums, allMessageTypes, loadPeerRoot, typeName } from './schema.ts';

/** A schema file that cannot be used: unreadable, not proto3, does not parse, unknown root message. */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
}

export interface SchemaInfo {
  /** Where the schema comes from, for messages: a file path or "the documented peer message format". */
  readonly label: string;
  /** Absolute path of the .proto file. */
  readonly file: string;
  /** The message the suite weights up and builds envelope cases from (`--root-message`). */
  readonly rootMessage: string;
  /** True for the documented format (golden vectors apply). */
  readonly documented: boolean;
  readonly package: string;
}

export class Schema implements SchemaInfo {
  readonly label: string;
  readonly file: string;
  readonly rootMessage: string;
  readonly documented: boolean;
  readonly package: string;
  private readonly byName: ReadonlyMap<string, MessageSpec>;
  private readonly enumByName: ReadonlyMap<string, EnumSpec>;
  private readonly numberIndex = new Map<string, ReadonlyMap<number, FieldSpec>>();

  constructor(
    readonly messages: readonly MessageSpec[],
    readonly enums: readonly EnumSpec[],
    /** protobufjs reflection of the same schema (arbitraries are derived from it). */
    readonly root: protobuf.Root,
    info: SchemaInfo,
  ) {
    this.label = info.label;
    this.file = info.file;
    this.rootMessage = info.rootMessage;
    this.documented = info.documented;
    this.package = info.package;
    this.byName = new Map(messages.map((m) => [m.name, m]));
    this.enumByName = new Map(enums.map((e) => [e.name, e]));
  }

  message(name: string): MessageSpec {
    const m = this.byName.get(name);
    if (!m) throw new Error(`no message ${name} in ${this.label}`);
    return m;
  }

  enum(name: string): EnumSpec {
    const e = this.enumByName.get(name);
    if (!e) throw new Error(`no enum ${name} in ${this.label}`);
    return e;
  }

  hasMessage(name: string): boolean {
    return this.byName.has(name);
  }

  field(type: string, name: string): FieldSpec {
    const f = this.message(type).fields.find((x) => x.name === name);
    if (!f) throw new Error(`no field ${type}.${name}`);
    return f;
  }

  /** The field of `type` with `number`, or undefined (an unknown field). */
  fieldByNumber(type: string, number: number): FieldSpec | undefined {
    let index = this.numberIndex.get(type);
    if (!index) {
      index = new Map(this.message(type).fields.map((f) => [f.number, f]));
      this.numberIndex.set(type, index);
    }
    return index.get(number);
  }
}

let documented: Schema | undefined;

/** The documented peer message format: the document's tables, proto/peer.proto for reflection. */
export function peerSchema(): Schema {
  documented ??= new Schema(MESSAGES, ENUMS, loadPeerRoot(), {
    label: 'the documented peer message format',
    file: PROTO_PATH,
    rootMessage: ENVELOPE,
    documented: true,
    package: '',
  });
  return documented;
}

const SCALARS: ReadonlySet<string> = new Set([
  'double',
  'float',
  'int32',
  'int64',
  'uint32',
  'uint64',
  'sint32',
  'sint64',
  'fixed32',
  'fixed64',
  'sfixed32',
  'sfixed64',
  'bool',
  'string',
  'bytes',
]);

/** Scalars that a repeated field may write packed: every numeric type (enums too). */
export function isPackableType(t: FieldType): boolean {
  if (t.kind === 'enum') return true;
  return t.kind === 'scalar' && t.scalar !== 'string' && t.scalar !== 'bytes';
}

function valueTypeOf(field: protobuf.Field): ValueType {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) return { kind: 'message', message: typeName(resolved) };
  if (resolved instanceof protobuf.Enum) return { kind: 'enum', enum: typeName(resolved) };
  if (!SCALARS.has(field.type)) throw new SchemaError(`field ${typeName(field)} has type ${field.type}, which is not a proto3 scalar, message or enum`);
  return { kind: 'scalar', scalar: field.type as ScalarType };
}

function fieldSpecOf(field: protobuf.Field): FieldSpec {
  field.resolve();
  const optional = (field.options as Record<string, unknown> | undefined)?.proto3_optional === true;
  let type: FieldType;
  if (field instanceof protobuf.MapField) {
    if (!SCALARS.has(field.keyType) || ['double', 'float', 'bytes'].includes(field.keyType)) {
      throw new SchemaError(`map field ${typeName(field)} has key type ${field.keyType}`);
    }
    type = { kind: 'map', key: field.keyType as ScalarType, value: valueTypeOf(field) };
  } else {
    type = valueTypeOf(field);
  }
  const repeated = field.repeated && type.kind !== 'map';
  const oneof = field.partOf && !optional ? field.partOf.name : undefined;
  const packed = repeated && isPackableType(type) && field.packed;
  return {
    name: field.name,
    number: field.id,
    type,
    repeated,
    ...(oneof ? { oneof } : {}),
    ...(optional ? { optional: true } : {}),
    ...(packed ? { packed: true } : {}),
  };
}

/** Tables of every message and enum of a protobufjs root. */
export function tablesOf(root: protobuf.Root): { messages: MessageSpec[]; enums: EnumSpec[] } {
  const messages = allMessageTypes(root).map((t) => ({
    name: typeName(t),
    fields: t.fieldsArray.map(fieldSpecOf),
    oneofs: t.oneofsArray.filter((o) => !o.fieldsArray.every((f) => (f.options as Record<string, unknown> | undefined)?.proto3_optional === true)).map((o) => o.name),
  }));
  const enums = allEnums(root).map((e) => ({ name: typeName(e), values: Object.entries(e.values).map(([name, number]) => ({ name, number })) }));
  return { messages, enums };
}

export interface ParsedProto {
  readonly root: protobuf.Root;
  readonly package: string;
  /** proto2, proto3 or editions. */
  readonly syntax: string;
  readonly imports: readonly string[];
}

/** Parses .proto source with protobufjs (original field names kept); throws SchemaError. */
export function parseProto(source: string, where: string): ParsedProto {
  let parsed: protobuf.IParserResult;
  try {
    parsed = protobuf.parse(source, new protobuf.Root(), { keepCase: true, alternateCommentMode: true });
  } catch (e) {
    throw new SchemaError(`${where}: cannot parse: ${(e as Error).message}`);
  }
  const imports = [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])];
  const syntax = /^\s*syntax\s*=\s*["'](proto[23])["']/m.exec(source)?.[1] ?? (/^\s*edition\s*=/m.test(source) ? 'editions' : 'proto2');
  try {
    parsed.root.resolveAll();
  } catch (e) {
    const hint = imports.length ? ` (it imports ${imports.join(', ')}; only single-file schemas are supported)` : '';
    throw new SchemaError(`${where}: cannot resolve: ${(e as Error).message}${hint}`);
  }
  return { root: parsed.root, package: parsed.package ?? '', syntax, imports };
}

function readSource(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new SchemaError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * Reads any proto3 file as a Schema. The root message is `rootMessage` (with or without the
 * package), else Common_Message when the file has one, else its first top-level message.
 */
export function loadSchemaFile(path: string, rootMessage?: string): Schema {
  const source = readSource(path);
  const parsed = parseProto(source, path);
  if (parsed.syntax !== 'proto3') throw new SchemaError(`${path}: syntax is ${parsed.syntax}; --schema takes proto3 files`);
  if (parsed.imports.length) throw new SchemaError(`${path}: imports ${parsed.imports.join(', ')}; only single-file schemas are supported`);
  const { messages, enums } = tablesOf(parsed.root);
  if (messages.length === 0) throw new SchemaError(`${path}: declares no message`);
  const qualify = (n: string): string => (parsed.package && !n.startsWith(`${parsed.package}.`) ? `${parsed.package}.${n}` : n);
  const names = new Set(messages.map((m) => m.name));
  let root: string;
  if (rootMessage !== undefined) {
    root = names.has(rootMessage) ? rootMessage : qualify(rootMessage);
    if (!names.has(root)) {
      const top = messages.filter((m) => !m.name.slice(parsed.package ? parsed.package.length + 1 : 0).includes('.')).map((m) => m.name);
      throw new SchemaError(`--root-message: ${path} has no message ${rootMessage} (top-level messages: ${top.join(', ')})`);
    }
  } else {
    root = names.has(qualify(ENVELOPE)) ? qualify(ENVELOPE) : messages[0]!.name;
  }
  return new Schema(messages, enums, parsed.root, { label: path, file: resolve(path), rootMessage: root, documented: false, package: parsed.package });
}
