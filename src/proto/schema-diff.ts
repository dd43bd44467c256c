/**
 * Compares a candidate .proto with a base (the documented peer message format, or another .proto
 * given with `--against`) by wire structure, and reports each difference in wire terms.
 *
 * Messages and enums are matched through the field graph, not by name: starting from
 * Common_Message and every top-level message with the same name on both sides, a field number
 * present on both sides pairs the message (or enum) types it refers to. So a message renamed with
 * its numbers and wire types unchanged (`Platform_Messages` published as `Steam_Messages`) is
 * the same message on the wire: a warning, never BREAKING. Messages left unpaired are then
 * paired by name, and last by an identical structure (field numbers and wire types).
 *
 * Findings are named after buf's breaking-change rules; `breaking` marks changes of the bytes or
 * of their meaning on the wire: a number given another wire type or another message, a removed
 * number that is not reserved, a renumbered enum value, a field moved into or out of a oneof,
 * packed/unpacked changes, another syntax.
 */
import { readFileSync } from 'node:fs';
import { ENUMS, ENVELOPE, FILE, MESSAGES, type EnumSpec, type FieldSpec, type FieldType, type MessageSpec } from '../../specs/peer/format.ts';
import { SchemaError, parseProto, tablesOf } from './model.ts';
import { allEnums, allMessageTypes, typeName } from './schema.ts';

export interface SchemaFinding {
  /** buf breaking rule name. */
  readonly rule: string;
  readonly breaking: boolean;
  /** Message, field or enum value concerned, named as in the base. */
  readonly subject: string;
  readonly message: string;
  readonly requirement: string;
}

type Ranges = readonly (readonly [number, number])[];

/** One side of a comparison: the tables of a schema, its file options and reserved numbers. */
export interface SchemaSide {
  readonly label: string;
  readonly syntax: string;
  readonly package: string;
  readonly optimizeFor: string | undefined;
  readonly messages: readonly MessageSpec[];
  readonly enums: readonly EnumSpec[];
  readonly reserved: ReadonlyMap<string, Ranges>;
}

/** The documented peer message format as a side. */
export function documentedSide(): SchemaSide {
  return { label: 'the documented format', syntax: FILE.syntax, package: FILE.package, optimizeFor: FILE.optimizeFor, messages: MESSAGES, enums: ENUMS, reserved: new Map() };
}

function rangesOf(reserved: unknown): Ranges {
  return ((reserved as (number[] | string)[] | undefined) ?? []).filter((r): r is number[] => Array.isArray(r)).map((r) => [r[0]!, r[1]!] as const);
}

/** A side read from .proto source; throws SchemaError when it does not parse. */
export function sideOf(source: string, label: string): SchemaSide {
  const parsed = parseProto(source, label);
  const { messages, enums } = tablesOf(parsed.root);
  const ns = parsed.package ? parsed.root.lookup(parsed.package) : parsed.root;
  const optimize = (ns?.options as Record<string, unknown> | undefined)?.optimize_for ?? (parsed.root.options as Record<string, unknown> | undefined)?.optimize_for;
  const reserved = new Map<string, Ranges>();
  for (const t of allMessageTypes(parsed.root)) reserved.set(typeName(t), rangesOf(t.reserved));
  for (const e of allEnums(parsed.root)) reserved.set(typeName(e), rangesOf(e.reserved));
  return { label, syntax: parsed.syntax, package: parsed.package, optimizeFor: optimize === undefined ? undefined : String(optimize), messages, enums, reserved };
}

/** Wire-compatibility classes as protobuf and buf define them (messages and maps apart). */
function scalarClass(t: FieldType): string {
  if (t.kind === 'enum') return 'varint';
  if (t.kind === 'message') return 'message';
  if (t.kind === 'map') return 'map';
  switch (t.scalar) {
    case 'int32':
    case 'uint32':
    case 'int64':
    case 'uint64':
    case 'bool':
      return 'varint';
    case 'sint32':
    case 'sint64':
      return 'zigzag';
    case 'fixed32':
    case 'sfixed32':
      return 'i32';
    case 'fixed64':
    case 'sfixed64':
      return 'i64';
    case 'float':
      return 'float';
    case 'double':
      return 'double';
    default:
      return 'len';
  }
}

function typeLabel(t: FieldType, local: (n: string) => string): string {
  if (t.kind === 'scalar') return t.scalar;
  if (t.kind === 'enum') return local(t.enum);
  if (t.kind === 'message') return local(t.message);
  return `map<${t.key}, ${typeLabel(t.value, local)}>`;
}

function reservedHas(ranges: Ranges | undefined, n: number): boolean {
  return (ranges ?? []).some(([a, b]) => n >= a && n <= b);
}

/** Compares two sides; the findings are named after the base. */
export function compareSides(base: SchemaSide, cand: SchemaSide): SchemaFinding[] {
  const out: SchemaFinding[] = [];
  const addFinding = (rule: string, breaking: boolean, subject: string, message: string, requirement = 'PB-2-schema-fields'): void => {
    out.push({ rule, breaking, subject, message, requirement });
  };
  const add = addFinding;
  /**
   * Numbers that a BREAKING finding concerns, per base message (field numbers) and base enum
   * (value numbers): a rename must not call the wire unchanged at any of them.
   */
  const breakingAt = new Map<string, Set<number>>();
  const markBreaking = (owner: string, ...numbers: number[]): void => {
    const set = breakingAt.get(owner) ?? breakingAt.set(owner, new Set()).get(owner)!;
    for (const n of numbers) set.add(n);
  };
  const breaksAt = (owner: string, n: number): boolean => breakingAt.get(owner)?.has(n) ?? false;
  /** Renames are worded once every BREAKING finding is known: a slot now, the message at the end. */
  const worded: { index: number; word: () => string }[] = [];
  const addWorded = (rule: string, subject: string, word: () => string, requirement = 'PB-2-schema-fields'): void => {
    worded.push({ index: out.length, word });
    add(rule, false, subject, '', requirement);
  };
  const list = (what: string, items: readonly string[]): string => `${what}${items.length === 1 ? '' : 's'} ${items.join(', ')}`;
  const strip = (side: SchemaSide) => (n: string) => (side.package && n.startsWith(`${side.package}.`) ? n.slice(side.package.length + 1) : n);
  const bLocal = strip(base);
  const cLocal = strip(cand);
  const bMsg = new Map(base.messages.map((m) => [m.name, m]));
  const cMsg = new Map(cand.messages.map((m) => [m.name, m]));
  const cEnum = new Map(cand.enums.map((e) => [e.name, e]));
  const cByLocal = new Map(cand.messages.map((m) => [cLocal(m.name), m.name]));
  const bByLocal = new Map(base.messages.map((m) => [bLocal(m.name), m.name]));
  const cEnumByLocal = new Map(cand.enums.map((e) => [cLocal(e.name), e.name]));
  const bEnumByLocal = new Map(base.enums.map((e) => [bLocal(e.name), e.name]));

  if (base.syntax !== cand.syntax) add('FILE_SAME_SYNTAX', true, 'file', `syntax is ${cand.syntax}, ${base.label} has ${base.syntax} (changes packing of repeated scalars and enum openness)`, 'PB-2-syntax');
  if (base.package !== cand.package) {
    add('FILE_SAME_PACKAGE', false, 'file', `package ${cand.package || '(none)'}, ${base.label} has ${base.package || 'none'}: type names change (wire bytes are unchanged)`, 'PB-2-syntax');
  }
  if ((base.optimizeFor ?? 'SPEED') !== (cand.optimizeFor ?? 'SPEED')) {
    add('FILE_SAME_OPTIMIZE_FOR', false, 'file', `optimize_for is ${cand.optimizeFor ?? 'SPEED (default)'}, ${base.label} has ${base.optimizeFor ?? 'SPEED (default)'} (generated code only)`, 'PB-2-syntax');
  }

  // ---- pairing ----
  const msgPair = new Map<string, string>(); // base -> candidate
  const msgPaired = new Set<string>(); // candidate names paired
  const enumPair = new Map<string, string>();
  const enumPaired = new Set<string>();
  const queue: string[] = [];
  const pairMessages = (b: string, c: string): void => {
    if (msgPair.has(b) || msgPaired.has(c)) return;
    msgPair.set(b, c);
    msgPaired.add(c);
    queue.push(b);
  };
  const pairEnums = (b: string, c: string): void => {
    if (enumPair.has(b) || enumPaired.has(c)) return;
    enumPair.set(b, c);
    enumPaired.add(c);
  };
  /** A base and a candidate type at the same number are different messages when either name means another message on the other side. */
  const otherMessage = (b: string, c: string): boolean => bLocal(b) !== cLocal(c) && (cByLocal.has(bLocal(b)) || bByLocal.has(cLocal(c)));
  const otherEnum = (b: string, c: string): boolean => bLocal(b) !== cLocal(c) && (cEnumByLocal.has(bLocal(b)) || bEnumByLocal.has(cLocal(c)));

  /** Deep wire compatibility of two messages: every number on both sides has the same wire class. */
  const compatMemo = new Map<string, boolean>();
  const compatible = (b: string, c: string): boolean => {
    const key = `${b}\u0000${c}`;
    const known = compatMemo.get(key);
    if (known !== undefined) return known;
    compatMemo.set(key, true); // assumed while comparing (recursive types)
    const bm = bMsg.get(b);
    const cm = cMsg.get(c);
    let ok = !!bm && !!cm;
    for (const fb of bm?.fields ?? []) {
      const fc = cm?.fields.find((x) => x.number === fb.number);
      if (!fc || !ok) continue;
      if (scalarClass(fb.type) !== scalarClass(fc.type) || fb.repeated !== fc.repeated) ok = false;
      else if (fb.type.kind === 'message' && fc.type.kind === 'message') ok = compatible(fb.type.message, fc.type.message);
      else if (fb.type.kind === 'map' && fc.type.kind === 'map') {
        ok = scalarClass({ kind: 'scalar', scalar: fb.type.key }) === scalarClass({ kind: 'scalar', scalar: fc.type.key }) && scalarClass(fb.type.value) === scalarClass(fc.type.value);
        if (ok && fb.type.value.kind === 'message' && fc.type.value.kind === 'message') ok = compatible(fb.type.value.message, fc.type.value.message);
      }
    }
    compatMemo.set(key, ok);
    return ok;
  };

  // Seeds: the envelope and every top-level message present under the same name on both sides.
  const roots = [...base.messages.filter((m) => bLocal(m.name) === ENVELOPE), ...base.messages.filter((m) => !bLocal(m.name).includes('.') && bLocal(m.name) !== ENVELOPE)];
  for (const m of roots) {
    const c = cByLocal.get(bLocal(m.name));
    if (c && !cLocal(c).includes('.')) pairMessages(m.name, c);
  }
  /** Pairs the types that one field number refers to on both sides (following the field graph). */
  const follow = (fb: FieldSpec, fc: FieldSpec): void => {
    const tb = fb.type.kind === 'map' ? fb.type.value : fb.type;
    const tc = fc.type.kind === 'map' ? fc.type.value : fc.type;
    if (tb.kind === 'message' && tc.kind === 'message' && !otherMessage(tb.message, tc.message) && compatible(tb.message, tc.message)) pairMessages(tb.message, tc.message);
    if (tb.kind === 'enum' && tc.kind === 'enum' && !otherEnum(tb.enum, tc.enum)) pairEnums(tb.enum, tc.enum);
  };
  const drain = (): void => {
    while (queue.length) {
      const b = queue.shift()!;
      const bm = bMsg.get(b)!;
      const cm = cMsg.get(msgPair.get(b)!)!;
      for (const fb of bm.fields) {
        const fc = cm.fields.find((x) => x.number === fb.number);
        if (fc) follow(fb, fc);
      }
    }
  };
  drain();
  // Then by name, then by identical structure.
  for (const m of base.messages) {
    const c = cByLocal.get(bLocal(m.name));
    if (!msgPair.has(m.name) && c && !msgPaired.has(c)) pairMessages(m.name, c);
  }
  drain();
  const signature = (m: MessageSpec): string =>
    [...m.fields]
      .sort((a, b) => a.number - b.number)
      .map((f) => `${f.number}:${f.repeated ? 'r' : ''}${scalarClass(f.type)}`)
      .join(',');
  const unpairedBase = base.messages.filter((m) => !msgPair.has(m.name));
  const unpairedCand = cand.messages.filter((m) => !msgPaired.has(m.name));
  for (const m of unpairedBase) {
    const sig = signature(m);
    const same = unpairedCand.filter((c) => !msgPaired.has(c.name) && signature(c) === sig);
    if (same.length === 1 && unpairedBase.filter((x) => signature(x) === sig).length === 1) pairMessages(m.name, same[0]!.name);
  }
  drain();
  for (const e of base.enums) {
    const c = cEnumByLocal.get(bLocal(e.name));
    if (!enumPair.has(e.name) && c && !enumPaired.has(c)) pairEnums(e.name, c);
  }

  // ---- messages ----
  for (const m of base.messages) {
    const cName = msgPair.get(m.name);
    if (!cName) {
      add('MESSAGE_NO_DELETE', true, m.name, `message ${bLocal(m.name)} is missing: no message of the candidate is reached through the same field numbers, has its name, or has its structure`);
      continue;
    }
    const cm = cMsg.get(cName)!;
    if (bLocal(m.name) !== cLocal(cName)) addWorded('MESSAGE_SAME_NAME', m.name, () => messageRename(m, cm));
    const reserved = cand.reserved.get(cName);
    for (const fb of m.fields) {
      const subject = `${m.name}.${fb.name}`;
      const fc = cm.fields.find((f) => f.number === fb.number);
      if (!fc) {
        const moved = cm.fields.find((f) => f.name === fb.name);
        if (reservedHas(reserved, fb.number)) {
          add(
            'FIELD_NO_DELETE',
            false,
            subject,
            moved
              ? `field ${fb.name} moved from ${fb.number} to ${moved.number}; ${fb.number} is reserved, so old data at ${fb.number} is skipped safely, but readers of ${base.label} see field ${moved.number} as unknown and lose ${fb.name}`
              : `field ${fb.name} = ${fb.number} was deleted; the number is reserved, so old data is skipped safely but the field is gone`,
          );
        } else if (moved) {
          markBreaking(m.name, fb.number, moved.number);
          add('FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED', true, subject, `field number changed: ${fb.name} is ${moved.number} instead of ${fb.number}; readers of ${base.label} see field ${moved.number} as unknown and lose ${fb.name}`, 'PB-2-field-numbers');
        } else {
          markBreaking(m.name, fb.number);
          add('FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED', true, subject, `field ${fb.name} = ${fb.number} was removed without reserving ${fb.number}`, 'PB-2-field-numbers');
        }
        continue;
      }
      compareField(m, cm, fb, fc, subject);
    }
    for (const fc of cm.fields) {
      if (!m.fields.some((f) => f.number === fc.number) && !m.fields.some((f) => f.name === fc.name)) {
        add('FIELD_ADDED', false, `${m.name}.${fc.name}`, `field ${fc.name} = ${fc.number} (${typeLabel(fc.type, cLocal)}${fc.oneof ? `, oneof ${fc.oneof}` : ''}) is not in ${base.label} (its readers skip it)`);
      }
    }
  }

  /** The message of MESSAGE_SAME_NAME: the new name, the fields gained, lost or moved, and what the wire sees. */
  function messageRename(m: MessageSpec, cm: MessageSpec): string {
    const gained = cm.fields.filter((fc) => !m.fields.some((f) => f.number === fc.number || f.name === fc.name));
    const lost = m.fields.filter((fb) => !cm.fields.some((f) => f.number === fb.number || f.name === fb.name));
    const moved = m.fields.flatMap((fb) => {
      const to = cm.fields.find((f) => f.name === fb.name && f.number !== fb.number);
      return to && !cm.fields.some((f) => f.number === fb.number) ? [`${fb.name} (${fb.number} to ${to.number})`] : [];
    });
    const changes = [
      ...(gained.length ? [`gained ${list('field', gained.map((f) => `${f.name} (${f.number})`))}`] : []),
      ...(lost.length ? [`lost ${list('field', lost.map((f) => `${f.name} (${f.number})`))}`] : []),
      ...(moved.length ? [`moved ${list('field', moved)}`] : []),
    ];
    const head = `message ${bLocal(m.name)} is named ${cLocal(cm.name)}${changes.length ? ` and ${changes.join(', ')}` : ''}`;
    const broken = [...(breakingAt.get(m.name) ?? [])].sort((a, b) => a - b);
    if (broken.length) return `${head}; its wire changes too: see the BREAKING ${broken.length === 1 ? 'finding' : 'findings'} at ${list('field', broken.map(String))}`;
    if (changes.length === 0) return `${head} (same field numbers and wire types: the type name changes, the wire does not)`;
    if (lost.length === 0 && moved.length === 0) return `${head} (its other numbers and wire types are the same; readers of ${base.label} skip the new fields)`;
    return `${head} (the numbers both have keep their wire types; see the findings for its fields)`;
  }

  function compareField(m: MessageSpec, cm: MessageSpec, fb: FieldSpec, fc: FieldSpec, subject: string): void {
    // Every finding here concerns this field's number: a BREAKING one marks it.
    const add = (rule: string, breaking: boolean, subj: string, message: string, requirement?: string): void => {
      if (breaking) markBreaking(m.name, fb.number);
      addFinding(rule, breaking, subj, message, requirement);
    };
    /** What a rename at this number means for the wire, once every BREAKING finding is known. */
    const wireAfterRename = (unchanged: string): string => (breaksAt(m.name, fb.number) ? ` (besides the name, field ${fb.number} changes on the wire: see the BREAKING finding)` : ` (${unchanged})`);
    const bType = typeLabel(fb.type, bLocal);
    const cType = typeLabel(fc.type, cLocal);
    const at = `field ${fb.number}${fb.oneof ? ` (oneof ${fb.oneof})` : ''}`;
    const bClass = scalarClass(fb.type);
    const cClass = scalarClass(fc.type);
    const messageCheck = (b: string, c: string, where: string): void => {
      if (msgPair.get(b) === c) return;
      if (otherMessage(b, c)) {
        add('FIELD_WIRE_COMPATIBLE_TYPE', true, subject, `${where} means a different message: ${bLocal(b)} in ${base.label}, ${cLocal(c)} in the candidate; the same bytes are read as another message`, fb.oneof ? 'PB-2-oneof-single' : 'PB-2-wire-types');
      } else if (!compatible(b, c)) {
        add('FIELD_WIRE_COMPATIBLE_TYPE', true, subject, `${where} changed from ${bLocal(b)} to ${cLocal(c)}, a message of another structure`, 'PB-2-wire-types');
      } else {
        add('FIELD_SAME_TYPE', false, subject, `${where} is ${cLocal(c)}, which ${base.label} pairs with another message; the structures are wire-compatible`, 'PB-2-wire-types');
      }
    };
    if (bClass !== cClass) {
      const why = bClass === 'map' || cClass === 'map' || bClass === 'message' || cClass === 'message' ? '' : `: wire encoding ${bClass} becomes ${cClass}`;
      add('FIELD_WIRE_COMPATIBLE_TYPE', true, subject, `${at} type changed from ${bType} to ${cType}${why}`, 'PB-2-wire-types');
    } else if (fb.type.kind === 'message' && fc.type.kind === 'message') {
      messageCheck(fb.type.message, fc.type.message, at);
    } else if (fb.type.kind === 'map' && fc.type.kind === 'map') {
      const kb = scalarClass({ kind: 'scalar', scalar: fb.type.key });
      const kc = scalarClass({ kind: 'scalar', scalar: fc.type.key });
      const vb = scalarClass(fb.type.value);
      const vc = scalarClass(fc.type.value);
      if (kb !== kc || vb !== vc) add('FIELD_WIRE_COMPATIBLE_TYPE', true, subject, `${at} type changed from ${bType} to ${cType}`, 'PB-2-wire-types');
      else if (fb.type.value.kind === 'message' && fc.type.value.kind === 'message') messageCheck(fb.type.value.message, fc.type.value.message, `${at} (map values)`);
      else if (bType !== cType) add('FIELD_SAME_TYPE', false, subject, `${at} type changed from ${bType} to ${cType}; same wire types`, 'PB-2-wire-types');
    } else if (fb.type.kind === 'enum' && fc.type.kind === 'enum') {
      if (enumPair.get(fb.type.enum) !== fc.type.enum) {
        if (otherEnum(fb.type.enum, fc.type.enum)) add('FIELD_WIRE_COMPATIBLE_TYPE', true, subject, `${at} means a different enum: ${bType} in ${base.label}, ${cType} in the candidate`, 'PB-2-enum-numbers');
        else add('FIELD_SAME_TYPE', false, subject, `${at} is enum ${cType}, which ${base.label} pairs with another enum (varint either way)`, 'PB-2-wire-types');
      }
    } else if (bType !== cType) {
      add('FIELD_SAME_TYPE', false, subject, `${at} type changed from ${bType} to ${cType}; same wire type, but values may be truncated or read differently`, 'PB-2-wire-types');
    }
    if (fc.repeated !== fb.repeated) {
      const lenKind = bClass === 'len' || bClass === 'message';
      add(
        'FIELD_WIRE_COMPATIBLE_CARDINALITY',
        !lenKind,
        subject,
        `cardinality changed from ${fb.repeated ? 'repeated' : 'singular'} to ${fc.repeated ? 'repeated' : 'singular'}${lenKind ? ' (wire-compatible for length-delimited types, the last value wins)' : ''}`,
        'PB-2-wire-types',
      );
    } else if (fb.repeated && bClass === cClass && !!fb.packed !== !!fc.packed) {
      add('FIELD_SAME_PACKED', true, subject, `repeated ${fb.name} is written ${fc.packed ? 'packed' : 'unpacked'}, ${base.label} writes it ${fb.packed ? 'packed' : 'unpacked'}; readers that accept only one form lose the values`, 'PB-2-packed-accept');
    }
    if ((fb.oneof === undefined) !== (fc.oneof === undefined)) {
      add('FIELD_SAME_ONEOF', true, subject, `oneof membership changed from ${fb.oneof ?? '(none)'} to ${fc.oneof ?? '(none)'}`, fb.oneof === ENVELOPE_ONEOF ? 'PB-2-oneof-single' : 'PB-2-schema-fields');
    } else if (fb.oneof !== undefined && fb.oneof !== fc.oneof) {
      addWorded('ONEOF_SAME_NAME', subject, () => `oneof ${fb.oneof} is named ${fc.oneof}${wireAfterRename('the wire does not change')}`);
    }
    if (!!fb.optional !== !!fc.optional && fb.oneof === undefined && fc.oneof === undefined) {
      add('FIELD_SAME_PRESENCE', false, subject, `field ${fb.name} ${fc.optional ? 'became optional (explicit presence)' : 'lost optional (explicit presence)'}: defaults are ${fc.optional ? 'now' : 'no longer'} written`);
    }
    if (fc.name !== fb.name) {
      addWorded('FIELD_SAME_NAME', subject, () => {
        const movedTo = cm.fields.find((f) => f.name === fb.name);
        const where = movedTo ? `; ${fb.name} is field ${movedTo.number} in the candidate` : '';
        return `field ${fb.number} is named ${fc.name}, ${base.label} has ${fb.name}${where}${wireAfterRename('the JSON form changes, the wire does not')}`;
      });
    }
  }

  // ---- enums ----
  for (const e of base.enums) {
    const cName = enumPair.get(e.name);
    if (!cName) {
      add('ENUM_NO_DELETE', true, e.name, `enum ${bLocal(e.name)} is missing`, 'PB-2-enum-numbers');
      continue;
    }
    const ce = cEnum.get(cName)!;
    if (bLocal(e.name) !== cLocal(cName)) addWorded('ENUM_SAME_NAME', e.name, () => enumRename(e, ce), 'PB-2-enum-numbers');
    for (const v of e.values) {
      const subject = `${e.name}.${v.name}`;
      const nameAtNumber = ce.values.find((x) => x.number === v.number)?.name;
      if (nameAtNumber === undefined) {
        const moved = ce.values.find((x) => x.name === v.name);
        if (moved !== undefined) {
          markBreaking(e.name, v.number, moved.number);
          add('ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED', true, subject, `enum value renumbered: ${v.name} is ${moved.number} instead of ${v.number}`, 'PB-2-enum-numbers');
        } else if (reservedHas(cand.reserved.get(cName), v.number)) {
          add('ENUM_VALUE_NO_DELETE', false, subject, `enum value ${v.name} = ${v.number} was deleted; the number is reserved`, 'PB-2-enum-numbers');
        } else {
          markBreaking(e.name, v.number);
          add('ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED', true, subject, `enum value ${v.name} = ${v.number} was removed without reserving ${v.number}`, 'PB-2-enum-numbers');
        }
      } else if (nameAtNumber !== v.name) {
        addWorded(
          'ENUM_VALUE_SAME_NAME',
          subject,
          () => {
            const movedTo = ce.values.find((x) => x.name === v.name);
            const where = movedTo ? `; ${v.name} is ${movedTo.number} in the candidate` : '';
            const wire = breaksAt(e.name, v.number) ? `besides the name, number ${v.number} changes on the wire: see the BREAKING finding` : 'the JSON form changes, the wire does not';
            return `number ${v.number} is named ${nameAtNumber}, ${base.label} has ${v.name}${where} (${wire})`;
          },
          'PB-2-enum-numbers',
        );
      }
    }
    for (const v of ce.values) {
      if (!e.values.some((x) => x.number === v.number) && !e.values.some((x) => x.name === v.name)) {
        add('ENUM_VALUE_ADDED', false, `${e.name}.${v.name}`, `enum value ${v.name} = ${v.number} is not in ${base.label} (its readers keep it as an unnamed number)`, 'PB-2-enum-open');
      }
    }
  }
  for (const { index, word } of worded) out[index] = { ...out[index]!, message: word() };
  return out;

  /** The message of ENUM_SAME_NAME: the new name, the values gained or lost, and what the wire sees. */
  function enumRename(e: EnumSpec, ce: EnumSpec): string {
    const gained = ce.values.filter((v) => !e.values.some((x) => x.number === v.number || x.name === v.name));
    const lost = e.values.filter((v) => !ce.values.some((x) => x.number === v.number || x.name === v.name));
    const changes = [
      ...(gained.length ? [`gained ${list('value', gained.map((v) => `${v.name} (${v.number})`))}`] : []),
      ...(lost.length ? [`lost ${list('value', lost.map((v) => `${v.name} (${v.number})`))}`] : []),
    ];
    const head = `enum ${bLocal(e.name)} is named ${cLocal(ce.name)}${changes.length ? ` and ${changes.join(', ')}` : ''}`;
    const broken = [...(breakingAt.get(e.name) ?? [])].sort((a, b) => a - b);
    if (broken.length) return `${head}; its values change on the wire too: see the BREAKING ${broken.length === 1 ? 'finding' : 'findings'} at ${list('number', broken.map(String))}`;
    if (changes.length === 0) return `${head} (the wire does not change)`;
    if (lost.length === 0) return `${head} (its other numbers are the same; readers of ${base.label} keep the new values as unnamed numbers)`;
    return `${head} (the numbers both have keep their meaning on the wire; see the findings for its values)`;
  }
}

/** The oneof of the envelope's payload kinds. */
const ENVELOPE_ONEOF = 'messages';

/** Compares .proto source with the documented format (or with `baseSource`). */
export function diffSchema(source: string, baseSource?: string): SchemaFinding[] {
  const base = baseSource === undefined ? documentedSide() : sideOf(baseSource, 'the base');
  return compareSides(base, sideOf(source, 'candidate'));
}

function readSource(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new SchemaError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** Compares a candidate file with the documented format, or with the file `against`. Throws SchemaError. */
export function compareSchemaFiles(candidate: string, against?: string): SchemaFinding[] {
  const cand = sideOf(readSource(candidate), candidate);
  const base = against === undefined ? documentedSide() : sideOf(readSource(against), against);
  return compareSides(base, cand);
}

export function formatSchemaFindings(path: string, base: string, findings: readonly SchemaFinding[]): string {
  const breaking = findings.filter((f) => f.breaking).length;
  if (findings.length === 0) return `${path}: matches ${base} on the wire and by name; no drift`;
  const head = breaking
    ? `${path}: ${findings.length} finding(s) against ${base}, ${breaking} wire-breaking`
    : `${path}: ${findings.length} finding(s) against ${base}, none wire-breaking (names, additions and other changes the wire does not see)`;
  const lines = [head];
  for (const f of [...findings].sort((a, b) => Number(b.breaking) - Number(a.breaking))) {
    lines.push(`${f.breaking ? 'BREAKING' : 'warning '} ${f.rule.padEnd(44)} ${f.subject}: ${f.message} [${f.requirement}]`);
  }
  return lines.join('\n');
}
