/**
 * Readings of the peer message format document where it is silent ("not shown") or
 * ambiguous and the suite depends on an answer. Checks cite these ids.
 */

export interface Interpretation {
  readonly id: string;
  readonly question: string;
  readonly reading: string;
  readonly why: string;
}

export const INTERPRETATIONS: readonly Interpretation[] = [
  {
    id: 'PINT-no-package',
    question: 'Does the schema declare a protobuf package?',
    reading: 'No. The schema has no package statement, so the full type names are Common_Message, Announce.Other_Peers, Lobby.Member, ...',
    why: 'The wire definition table lists syntax and one option only, and the document names every type without a prefix. A package would not change the binary encoding, but it would change type names used by the testee protocol and by descriptor-based implementations.',
  },
  {
    id: 'PINT-framing',
    question: 'How are messages framed on a transport?',
    reading: 'The suite tests single, self-delimited buffers: one serialized message per encode or decode request. No length prefix or delimiter is part of the format.',
    why: 'Section 4: "Transport, addresses, framing and request and reply pairing: not shown." The testee protocol frames its own JSON requests; that framing belongs to the test harness, not to the format.',
  },
  {
    id: 'PINT-json-mapping',
    question: 'How are values written as JSON when a testee is asked to encode or decode?',
    reading: 'The proto3 JSON mapping with the original field names (source_id, not sourceId): uint64 as decimal strings, bytes as standard base64, enums as value names (unknown numbers as JSON numbers), maps as objects, default values omitted. When reading a testee answer the suite also accepts uint64 as JSON numbers, URL-safe or unpadded base64, enum numbers for named values, and explicit default values.',
    why: 'The document defines no text or JSON form. JSON numbers lose precision above 2^53, so uint64 must travel as strings; the proto3 JSON mapping is the one every implementation under test already has.',
  },
  {
    id: 'PINT-open-enums',
    question: 'What happens to an enum number the document does not list, such as Networking_Sockets value 1?',
    reading: 'proto3 enums are open: an unlisted number is kept as that number when decoded and written back unchanged when encoded.',
    why: 'The syntax is proto3, whose enums are open. "value 1 is unused" says no name is given to 1, not that 1 is invalid on the wire.',
  },
  {
    id: 'PINT-defaults',
    question: 'Must default scalar values be left out of the encoding?',
    reading: 'It is Recommended, not Required, that encoders omit scalar fields that hold their default value outside a oneof. Decoders must treat an explicitly encoded default and an absent field alike.',
    why: 'proto3 fields without presence are not serialized when default, but a decoder cannot tell the difference, so emitting them is wasteful rather than wrong.',
  },
  {
    id: 'PINT-packed',
    question: 'Is the repeated uint64 Announce.ids packed on the wire?',
    reading: 'Encoders should emit it packed (the proto3 default); decoders must accept packed, unpacked and mixed records.',
    why: 'The table gives "repeated uint64" without packing options. proto3 packs repeated scalars by default and requires parsers to accept both forms.',
  },
  {
    id: 'PINT-oneof-last-wins',
    question: 'What must a decoder do with input that carries more than one member of a oneof?',
    reading: 'Keep the last member seen; if the same message-typed member appears twice, merge the two occurrences.',
    why: '"At most one member of oneof messages is set" constrains a message, not the byte stream. protobuf parsing is a merge of records in order, which is what every implementation does.',
  },
  {
    id: 'PINT-map-entries',
    question: 'How are malformed or repeated map<string, bytes> entries decoded?',
    reading: 'An entry without key or value uses the empty string or empty bytes for the missing part; when a key repeats, the last entry wins.',
    why: 'The document lists map<string, bytes> as a type and says nothing more; these are the proto3 rules for map entries.',
  },
  {
    id: 'PINT-unknown-fields',
    question: 'What must a decoder do with field numbers the document does not list?',
    reading: 'Skip them and decode the known fields (Required). Keeping them for re-encoding is tested only when an implementation offers it (the reencode operation of the testee protocol).',
    why: 'Section 9 says version negotiation is not shown, and Gameserver carries a version field; a reader of an older schema must survive newer writers. proto3 implementations preserve unknown fields, but the JSON form cannot carry them, so preservation needs a bytes-to-bytes operation.',
  },
  {
    id: 'PINT-errors',
    question: 'What is an error when decoding?',
    reading: 'Input that is not a protobuf encoding must be rejected, at the top or inside an embedded message or map entry: a record that ends inside a tag, a varint, a fixed value or the payload of a length-delimited record; a tag with wire type 6 or 7 or field number 0; an end group without its start group, or a group ended by another field or not at all (Recommended, not Required: the document shows no errors, and real decoders differ here: Python protobuf skips a field number 0 as unknown, @bufbuild/protobuf reads a stray end group as a value). Invalid UTF-8 in a string should be rejected (PINT-utf8). A documented field in another wire type is not an error the suite requires (PINT-wire-type-mismatch). The suite tests no other error.',
    why: 'Section 7: "Errors: not shown". The document defines the format in Protocol Buffers, and such input is not a Protocol Buffers encoding of any message: a decoder that accepts it silently invents a message that was never sent.',
  },
  {
    id: 'PINT-field-order',
    question: 'In which order are fields written?',
    reading: 'Ascending field number is Recommended (byte-identical output to the reference vectors in fixtures/proto). Any order must be accepted by decoders (the records of one field, and of one oneof, keep their order, which decides the value).',
    why: 'The document says nothing about order. protobuf serializers write in field-number order, and parsers accept any order.',
  },
  {
    id: 'PINT-merge',
    question: 'What does a decoder make of a singular field that occurs more than once in one message?',
    reading: 'The last occurrence wins for scalars, enums, strings and bytes; occurrences of an embedded message are merged in order (their singular fields again last-wins, repeated fields and maps appended). The suite writes such input and requires the message it describes.',
    why: 'The document defines the format in Protocol Buffers, whose parsing is a merge of the records in order; every implementation under test does this, and a writer may send a message in parts.',
  },
  {
    id: 'PINT-varint-width',
    question: 'May a varint be written in more bytes than it needs?',
    reading: 'Yes, on input: a decoder must accept the values of varint fields padded with 0x80 continuation bytes up to ten bytes, and tags and lengths padded up to five (the width of a 32-bit varint, beyond which protoc refuses them). An encoder should write the fewest bytes, negative int32, int64 and enum values as ten bytes (sign-extended), as protoc does (Recommended).',
    why: 'The document is silent. The Protocol Buffers encoding allows any varint of up to ten bytes for a value, and protobuf\'s own conformance suite requires padded values to parse; minimal varints are what makes output byte-comparable.',
  },
  {
    id: 'PINT-utf8',
    question: 'What about a string (a map<string, bytes> key) that holds invalid UTF-8?',
    reading: 'A decoder should refuse it and an encoder should never write it (Recommended, as protobuf\'s conformance suite rates it). Accepting it is a warning, not a failure.',
    why: 'The document gives the type as string; proto3 strings are UTF-8 and proto3 parsers check it, but the document does not say what a reader must do with a bad one.',
  },
  {
    id: 'PINT-wire-type-mismatch',
    question: 'What does a decoder do with a record of a documented field number in another wire type (uint32 field 9 of Lobby written as a fixed 32-bit value)?',
    reading: 'It may skip the record as an unknown field (as protoc does) or refuse the input; reading its bytes as a value of the field is not right (Recommended). The suite never fails a decoder for either of the first two.',
    why: 'The document lists the field types, from which the wire types follow, and says nothing about input that disagrees. Protocol Buffers parsers keep such a record as an unknown field.',
  },
  {
    id: 'PINT-blame',
    question: 'When an encoder\'s output is handed to a decoder and refused, which side is at fault?',
    reading: 'The suite first reads every encoder\'s output itself (records, lengths, wire types, embedded messages, map entries, packed runs, UTF-8): output that is not a valid encoding fails as the encoder\'s fault, with the offset of the first invalid byte, before any decoder sees it. Only a refusal of valid input is the decoder\'s fault.',
    why: 'A property that encodes and then decodes would otherwise report a broken encoder as a decoder that rejects valid input.',
  },
  {
    id: 'PINT-string-keys',
    question: 'What may the string keys of map<string, bytes> contain?',
    reading: 'Any valid Unicode text, including the empty string. The suite never generates lone surrogates, which cannot be encoded as UTF-8.',
    why: 'The document gives the key type as string; proto3 strings are UTF-8.',
  },
  {
    id: 'PINT-float-zero',
    question: 'Must a float or double field without presence keep the sign of -0.0?',
    reading: 'No: such a field holding -0.0 may be written (protoc and upb compare bits) or left out as the default (protobufjs and @bufbuild/protobuf compare values), and reads back as -0.0 or 0. In repeated fields, map values, oneof members and optional fields -0.0 must survive. JSON writes it as "-0" (or the number -0).',
    why: 'The document has no floating-point fields; schemas given with --schema do, and proto3 implementations differ here while agreeing on every other float value, NaN and the infinities included.',
  },
  {
    id: 'PINT-schema-types',
    question: 'How are types named when a run uses a schema file other than the documented format?',
    reading: 'By their protobuf full names without the leading dot: `Common_Message` without a package, `pkg.Common_Message` with one. The testee learns the schema from the hello request.',
    why: 'Descriptor-based implementations (@bufbuild/protobuf, Python) look types up by full name.',
  },
];

const byId = new Map(INTERPRETATIONS.map((i) => [i.id, i]));

export function interpretation(id: string): Interpretation {
  const i = byId.get(id);
  if (!i) throw new Error(`unknown interpretation ${id}`);
  return i;
}
