/**
 * Requirement catalogue of the peer message format. Each property of the suite and each
 * schema check cites one of these ids. `quote` holds the words of the document the
 * requirement rests on; where the document is silent the requirement rests on proto3 itself
 * and cites an interpretation (specs/peer/interpretations.ts) instead.
 */

export type Level = 'Required' | 'Recommended';

export interface Requirement {
  readonly id: string;
  /** Section of the peer message format document. */
  readonly section: string;
  readonly level: Level;
  readonly statement: string;
  readonly quote?: string;
  readonly interpretations?: readonly string[];
}

export const REQUIREMENTS: readonly Requirement[] = [
  {
    id: 'PB-2-syntax',
    section: '2',
    level: 'Required',
    statement: 'The schema is proto3 with optimize_for = LITE_RUNTIME and declares no package.',
    quote: '| Syntax | proto3 |\n| Option | optimize_for = LITE_RUNTIME |',
    interpretations: ['PINT-no-package'],
  },
  {
    id: 'PB-2-schema-fields',
    section: '2',
    level: 'Required',
    statement: 'Every message, field (name, number, type, label), oneof and enum value is declared exactly as documented.',
    quote: 'Field numbers are part of the wire format and are given exactly. Enumerations are named Types inside their message.',
  },
  {
    id: 'PB-2-field-numbers',
    section: '2',
    level: 'Required',
    statement: 'An encoder emits each field only under its documented field number, with a correctly formed tag (multi-byte for numbers 16 and above).',
    quote: 'Field numbers are part of the wire format and are given exactly.',
  },
  {
    id: 'PB-2-wire-types',
    section: '2',
    level: 'Required',
    statement: 'An encoder emits each field with the wire type of its documented type (varint for uint64, uint32, int32, bool and enums; length-delimited for bytes, strings, messages and map entries).',
    quote: 'Types: uint64, uint32, int32, bool, bytes, string, map<string, bytes>.',
  },
  {
    id: 'PB-2-roundtrip',
    section: '2',
    level: 'Required',
    statement: 'Decoding what was encoded gives back the same message, and bytes laid out as documented decode to the message they describe.',
    quote: 'This document covers a binary message format, defined in Protocol Buffers, for messages exchanged between peers',
    interpretations: ['PINT-json-mapping', 'PINT-float-zero', 'PINT-schema-types'],
  },
  {
    id: 'PB-2-uint64-range',
    section: '2',
    level: 'Required',
    statement: 'uint64 fields carry every value from 0 to 2^64-1 without loss.',
    quote: '| source_id | uint64 | 1 | sender identifier |',
    interpretations: ['PINT-json-mapping'],
  },
  {
    id: 'PB-2-oneof-single',
    section: '2',
    level: 'Required',
    statement: 'An encoder emits at most one member of a oneof (messages, invite_data, message_data).',
    quote: 'At most one member of oneof `messages` is set.',
  },
  {
    id: 'PB-2-oneof-last-wins',
    section: '2',
    level: 'Required',
    statement: 'When the input carries two different members of one oneof, the decoder keeps the last one.',
    quote: 'At most one member of oneof `messages` is set.',
    interpretations: ['PINT-oneof-last-wins'],
  },
  {
    id: 'PB-2-oneof-merge',
    section: '2',
    level: 'Required',
    statement: 'When the input carries the same message-typed oneof member twice, the decoder merges the two.',
    quote: 'At most one member of oneof `messages` is set.',
    interpretations: ['PINT-oneof-last-wins'],
  },
  {
    id: 'PB-2-enum-numbers',
    section: '2',
    level: 'Required',
    statement: 'Every enum value name is encoded as, and decoded from, its documented number.',
    quote: '| type | enum Types | 1 | PING = 0, PONG = 1 |',
  },
  {
    id: 'PB-2-enum-open',
    section: '2',
    level: 'Required',
    statement: 'Enum numbers that the document does not name (including value 1 of Networking_Sockets.Types) survive decode and encode unchanged.',
    quote: 'CONNECTION_REQUEST = 0, CONNECTION_ACCEPTED = 2, CONNECTION_END = 3, DATA = 4 (value 1 is unused)',
    interpretations: ['PINT-open-enums'],
  },
  {
    id: 'PB-2-defaults-omitted',
    section: '2',
    level: 'Recommended',
    statement: 'Scalar fields outside a oneof that hold their default value (0, false, empty, first enum value) are not emitted.',
    quote: '| Syntax | proto3 |',
    interpretations: ['PINT-defaults'],
  },
  {
    id: 'PB-2-packed-emit',
    section: '2',
    level: 'Recommended',
    statement: 'The repeated scalar field Announce.ids is emitted packed (one length-delimited record).',
    quote: '| ids | repeated uint64 | 2 | |',
    interpretations: ['PINT-packed'],
  },
  {
    id: 'PB-2-packed-accept',
    section: '2',
    level: 'Required',
    statement: 'A decoder accepts Announce.ids both packed and unpacked, and mixed, keeping every element in order.',
    quote: '| ids | repeated uint64 | 2 | |',
    interpretations: ['PINT-packed'],
  },
  {
    id: 'PB-2-map-entries',
    section: '2',
    level: 'Required',
    statement: 'map<string, bytes> entries with a missing key or value decode to the empty default, and for a repeated key the last entry wins.',
    quote: 'Types: uint64, uint32, int32, bool, bytes, string, map<string, bytes>.',
    interpretations: ['PINT-map-entries'],
  },
  {
    id: 'PB-2-unknown-skipped',
    section: '9',
    level: 'Required',
    statement: 'A decoder skips fields it does not know, of every wire type, and decodes the known ones.',
    quote: 'Version negotiation: not shown.',
    interpretations: ['PINT-unknown-fields'],
  },
  {
    id: 'PB-2-unknown-preserved',
    section: '9',
    level: 'Required',
    statement: 'An implementation that offers the reencode operation keeps unknown fields through decode and encode.',
    quote: 'Version negotiation: not shown.',
    interpretations: ['PINT-unknown-fields'],
  },
  {
    id: 'PB-2-truncated-rejected',
    section: '7',
    level: 'Required',
    statement: 'Input cut inside a field (tag, varint, or length-delimited payload), at the top or inside an embedded message or map entry whose enclosing lengths match, is rejected as a parse error, never decoded to some message.',
    quote: 'Errors: not shown (no error codes or failure replies are defined).',
    interpretations: ['PINT-errors'],
  },
  {
    id: 'PB-2-encoding-valid',
    section: '2',
    level: 'Required',
    statement: 'An encoder writes a valid protobuf encoding: every record complete, every length within its input, only wire types 0 to 5, embedded messages, map entries and packed runs that are themselves valid.',
    quote: 'This document covers a binary message format, defined in Protocol Buffers, for messages exchanged between peers',
    interpretations: ['PINT-blame'],
  },
  {
    id: 'PB-2-last-wins',
    section: '2',
    level: 'Required',
    statement: 'When the input carries a singular field more than once, the decoder keeps the last value (scalars, enums, strings, bytes) or merges the occurrences in order (embedded messages).',
    quote: 'This document covers a binary message format, defined in Protocol Buffers, for messages exchanged between peers',
    interpretations: ['PINT-merge'],
  },
  {
    id: 'PB-2-any-order',
    section: '2',
    level: 'Required',
    statement: 'A decoder accepts the records of a message in any order (the records of one field, and of the members of one oneof, keeping their order among themselves).',
    quote: 'Field numbers are part of the wire format and are given exactly.',
    interpretations: ['PINT-field-order'],
  },
  {
    id: 'PB-2-varint-width',
    section: '2',
    level: 'Required',
    statement: 'A decoder accepts varints padded with continuation bytes: values of every varint type up to ten bytes, tags and lengths up to five.',
    quote: 'Types: uint64, uint32, int32, bool, bytes, string, map<string, bytes>.',
    interpretations: ['PINT-varint-width'],
  },
  {
    id: 'PB-2-string-utf8',
    section: '2',
    level: 'Recommended',
    statement: 'Strings, map keys included, are valid UTF-8: a decoder refuses input whose string holds invalid UTF-8, and an encoder never writes it.',
    quote: 'Types: uint64, uint32, int32, bool, bytes, string, map<string, bytes>.',
    interpretations: ['PINT-utf8'],
  },
  {
    id: 'PB-2-malformed-rejected',
    section: '7',
    level: 'Recommended',
    statement: 'Input that is not a protobuf encoding at any depth (a tag with wire type 6 or 7 or field number 0, an end group without its start group, a group ended by another field or not at all) is rejected as a parse error.',
    quote: 'This document covers a binary message format, defined in Protocol Buffers, for messages exchanged between peers',
    interpretations: ['PINT-errors'],
  },
  {
    id: 'PB-2-wire-type-mismatch',
    section: '2',
    level: 'Recommended',
    statement: 'A record of a documented field number in a wire type its type does not have is skipped like an unknown field or refused, never read as a value of the field.',
    quote: 'Field numbers are part of the wire format and are given exactly.',
    interpretations: ['PINT-wire-type-mismatch'],
  },
  {
    id: 'PB-2-canonical-bytes',
    section: '2',
    level: 'Recommended',
    statement: 'An encoder writes the bytes protoc writes for a message: fields in ascending order, defaults left out, repeated numeric fields packed, varints in the fewest bytes (negative int32, int64 and enum values sign-extended to ten bytes), map entries as key then value, one record per singular field.',
    quote: 'This document covers a binary message format, defined in Protocol Buffers, for messages exchanged between peers',
    interpretations: ['PINT-field-order', 'PINT-varint-width'],
  },
  {
    id: 'PB-2-field-order',
    section: '2',
    level: 'Recommended',
    statement: 'An encoder writes known fields in ascending field-number order, as the reference implementation does, so that output is byte-comparable.',
    quote: 'Field numbers are part of the wire format and are given exactly.',
    interpretations: ['PINT-field-order'],
  },
];

const byId = new Map(REQUIREMENTS.map((r) => [r.id, r]));

export function requirement(id: string): Requirement {
  const r = byId.get(id);
  if (!r) throw new Error(`unknown requirement ${id}`);
  return r;
}
