/**
 * Compares a candidate .proto with the documented peer message format (specs/peer/format.ts)
 * and reports each drift in wire terms. Findings are named after buf's breaking-change rules;
 * `breaking` marks changes that break the binary wire format (buf's WIRE category plus
 * syntax and deleted messages/enums), the rest are warnings.
 */
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';
import { ENUMS, FILE, MESSAGES, type FieldSpec } from '../../specs/peer/format.ts';
import { typeName } from './schema.ts';

export interface SchemaFinding {
  /** buf breaking rule name. */
  readonly rule: string;
  readonly breaking: boolean;
  /** Message, field or enum value concerned. */
  readonly subject: string;
  readonly message: string;
  readonly requirement: string;
}

export class SchemaReadError extends Error {
  override readonly name = 'SchemaReadError';
}

type Reserved = (number[] | string)[] | undefined;

function numberReserved(reserved: Reserved, n: number): boolean {
  return (reserved ?? []).some((r) => Array.isArray(r) && n >= r[0]! && n <= r[1]!);
}

/** Wire-compatibility classes as protobuf and buf define them. */
function wireClass(type: string, isEnum: boolean): string {
  if (isEnum || ['int32', 'uint32', 'int64', 'uint64', 'bool'].includes(type)) return 'varint';
  if (['sint32', 'sint64'].includes(type)) return 'zigzag';
  if (['fixed32', 'sfixed32'].includes(type)) return 'i32';
  if (['fixed64', 'sfixed64'].includes(type)) return 'i64';
  if (['string', 'bytes'].includes(type)) return 'len';
  if (type === 'float') return 'float';
  if (type === 'double') return 'double';
  return `message:${type}`;
}

function documentedType(f: FieldSpec): { name: string; isEnum: boolean } {
  const t = f.type;
  if (t.kind === 'scalar') return { name: t.scalar, isEnum: false };
  if (t.kind === 'enum') return { name: t.enum, isEnum: true };
  if (t.kind === 'message') return { name: t.message, isEnum: false };
  return { name: 'map<string, bytes>', isEnum: false };
}

function describeType(f: protobuf.Field): string {
  if (f instanceof protobuf.MapField) return `map<${f.keyType}, ${f.type}>`;
  const resolved = f.resolvedType ? typeName(f.resolvedType) : f.type;
  return `${f.repeated ? 'repeated ' : ''}${resolved}`;
}

function docLabel(f: FieldSpec): string {
  return `${f.repeated ? 'repeated ' : ''}${documentedType(f).name}`;
}

export function diffSchema(source: string): SchemaFinding[] {
  let root: protobuf.Root;
  let pkg: string | undefined;
  try {
    const parsed = protobuf.parse(source, new protobuf.Root(), { keepCase: true, alternateCommentMode: true });
    parsed.root.resolveAll();
    root = parsed.root;
    pkg = parsed.package;
  } catch (e) {
    throw new SchemaReadError(`cannot parse: ${(e as Error).message}`);
  }
  const out: SchemaFinding[] = [];
  const add = (rule: string, breaking: boolean, subject: string, message: string, requirement = 'PB-2-schema-fields'): void => {
    out.push({ rule, breaking, subject, message, requirement });
  };

  const syntax = /^\s*syntax\s*=\s*["'](proto[23])["']/m.exec(source)?.[1] ?? (/^\s*edition\s*=/m.test(source) ? 'editions' : 'proto2');
  if (syntax !== FILE.syntax) add('FILE_SAME_SYNTAX', true, 'file', `syntax is ${syntax}, documented ${FILE.syntax} (changes packing of repeated scalars and enum openness)`, 'PB-2-syntax');
  if (pkg) add('FILE_SAME_PACKAGE', false, 'file', `package ${pkg} is declared; the document has none, so type names become ${pkg}.Common_Message, ... (wire bytes are unchanged)`, 'PB-2-syntax');
  const ns = pkg ? root.lookup(pkg) : root;
  const optimize = (ns?.options as Record<string, unknown> | undefined)?.optimize_for ?? (root.options as Record<string, unknown> | undefined)?.optimize_for;
  if (optimize !== FILE.optimizeFor) add('FILE_SAME_OPTIMIZE_FOR', false, 'file', `optimize_for is ${String(optimize ?? 'SPEED (default)')}, documented ${FILE.optimizeFor} (generated code only)`, 'PB-2-syntax');

  const lookupType = (name: string): protobuf.Type | null => {
    const found = (pkg ? root.lookup(`${pkg}.${name}`) : null) ?? root.lookup(name);
    return found instanceof protobuf.Type ? found : null;
  };
  const lookupEnum = (name: string): protobuf.Enum | null => {
    const found = (pkg ? root.lookup(`${pkg}.${name}`) : null) ?? root.lookup(name);
    return found instanceof protobuf.Enum ? found : null;
  };
  const strip = (name: string): string => (pkg && name.startsWith(`${pkg}.`) ? name.slice(pkg.length + 1) : name);

  for (const m of MESSAGES) {
    const type = lookupType(m.name);
    if (!type) {
      add('MESSAGE_NO_DELETE', true, m.name, `message ${m.name} is missing`);
      continue;
    }
    for (const doc of m.fields) {
      const subject = `${m.name}.${doc.name}`;
      const cand = type.fieldsArray.find((f) => f.id === doc.number);
      if (!cand) {
        const moved = type.fieldsArray.find((f) => f.name === doc.name);
        if (numberReserved(type.reserved as Reserved, doc.number)) {
          add('FIELD_NO_DELETE', false, subject, `field ${doc.name} = ${doc.number} was deleted; the number is reserved, so old data is skipped safely but the documented field is gone`);
        } else if (moved) {
          add('FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED', true, subject, `field number changed: ${doc.name} is ${moved.id} instead of ${doc.number}; readers of the document see field ${moved.id} as unknown and lose ${doc.name}`, 'PB-2-field-numbers');
        } else {
          add('FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED', true, subject, `field ${doc.name} = ${doc.number} was removed without reserving ${doc.number}`, 'PB-2-field-numbers');
        }
        continue;
      }
      cand.resolve();
      const docType = documentedType(doc);
      const isMap = cand instanceof protobuf.MapField;
      if (doc.type.kind === 'map' || isMap) {
        const same = doc.type.kind === 'map' && isMap && (cand as protobuf.MapField).keyType === 'string' && cand.type === 'bytes';
        if (!same) add('FIELD_WIRE_COMPATIBLE_TYPE', true, subject, `type changed from ${docLabel(doc)} to ${describeType(cand)}`, 'PB-2-wire-types');
      } else {
        const candIsEnum = cand.resolvedType instanceof protobuf.Enum;
        const candName = cand.resolvedType ? strip(typeName(cand.resolvedType)) : cand.type;
        const docClass = wireClass(docType.name, docType.isEnum);
        const candClass = wireClass(candName, candIsEnum);
        const enumRenamed = docType.isEnum && candIsEnum && candName !== docType.name;
        if (docClass !== candClass || enumRenamed) {
          add('FIELD_WIRE_COMPATIBLE_TYPE', true, subject, `type changed from ${docType.name} to ${candName}: ${docClass === candClass ? 'a different enum' : `wire encoding ${docClass} becomes ${candClass}`}`, 'PB-2-wire-types');
        } else if (candName !== docType.name) {
          add('FIELD_SAME_TYPE', false, subject, `type changed from ${docType.name} to ${candName}; same wire type, but values may be truncated or read differently`, 'PB-2-wire-types');
        }
        if (cand.repeated !== doc.repeated) {
          const lenKind = docClass === 'len' || docClass.startsWith('message:');
          add(
            'FIELD_WIRE_COMPATIBLE_CARDINALITY',
            !lenKind,
            subject,
            `cardinality changed from ${doc.repeated ? 'repeated' : 'singular'} to ${cand.repeated ? 'repeated' : 'singular'}${lenKind ? ' (wire-compatible for length-delimited types, the last value wins)' : ''}`,
            'PB-2-wire-types',
          );
        }
      }
      const candOneof = cand.partOf?.name;
      if ((doc.oneof ?? undefined) !== candOneof) {
        add('FIELD_SAME_ONEOF', true, subject, `oneof membership changed from ${doc.oneof ?? '(none)'} to ${candOneof ?? '(none)'}`, doc.oneof === 'messages' ? 'PB-2-oneof-single' : 'PB-2-schema-fields');
      }
      if (cand.name !== doc.name) add('FIELD_SAME_NAME', false, subject, `field ${doc.number} is named ${cand.name}, documented ${doc.name} (the JSON form changes, the wire does not)`);
    }
    for (const cand of type.fieldsArray) {
      if (!m.fields.some((f) => f.number === cand.id) && !m.fields.some((f) => f.name === cand.name)) {
        add('FIELD_ADDED', false, `${m.name}.${cand.name}`, `field ${cand.name} = ${cand.id} is not in the document (older readers skip it)`);
      }
    }
  }

  for (const e of ENUMS) {
    const cand = lookupEnum(e.name);
    if (!cand) {
      add('ENUM_NO_DELETE', true, e.name, `enum ${e.name} is missing`, 'PB-2-enum-numbers');
      continue;
    }
    for (const v of e.values) {
      const subject = `${e.name}.${v.name}`;
      const nameAtNumber = Object.entries(cand.values).find(([, n]) => n === v.number)?.[0];
      if (nameAtNumber === undefined) {
        const moved = cand.values[v.name];
        if (moved !== undefined) {
          add('ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED', true, subject, `enum value renumbered: ${v.name} is ${moved} instead of ${v.number}`, 'PB-2-enum-numbers');
        } else if (numberReserved(cand.reserved as Reserved, v.number)) {
          add('ENUM_VALUE_NO_DELETE', false, subject, `enum value ${v.name} = ${v.number} was deleted; the number is reserved`, 'PB-2-enum-numbers');
        } else {
          add('ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED', true, subject, `enum value ${v.name} = ${v.number} was removed without reserving ${v.number}`, 'PB-2-enum-numbers');
        }
      } else if (nameAtNumber !== v.name) {
        add('ENUM_VALUE_SAME_NAME', false, subject, `number ${v.number} is named ${nameAtNumber}, documented ${v.name} (the JSON form changes, the wire does not)`, 'PB-2-enum-numbers');
      }
    }
  }
  return out;
}

export function checkSchemaFile(path: string): SchemaFinding[] {
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (e) {
    throw new SchemaReadError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return diffSchema(source);
  } catch (e) {
    if (e instanceof SchemaReadError) throw new SchemaReadError(`${path}: ${e.message}`);
    throw e;
  }
}

export function formatSchemaFindings(path: string, findings: readonly SchemaFinding[]): string {
  const breaking = findings.filter((f) => f.breaking).length;
  if (findings.length === 0) {
    return `${path}: matches the documented peer message format (${MESSAGES.length} messages, ${ENUMS.length} enums); no drift`;
  }
  const lines = [`${path}: ${findings.length} finding(s), ${breaking} wire-breaking`];
  for (const f of [...findings].sort((a, b) => Number(b.breaking) - Number(a.breaking))) {
    lines.push(`${f.breaking ? 'BREAKING' : 'warning '} ${f.rule.padEnd(44)} ${f.subject}: ${f.message} [${f.requirement}]`);
  }
  return lines.join('\n');
}
