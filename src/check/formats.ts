/**
 * Reading response bodies: JSON and XML parsing (XML with entity processing off, so a hostile
 * target cannot expand entities), the outcome envelope of section 7, and records and lists read
 * under INT-list-shape and INT-record-fields.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Format } from '../../specs/model/index.ts';

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };
export type WellFormed = { ok: true } | { ok: false; error: string };

/** The only XML attributes any reader takes (the outcome envelope's); the others are not kept. */
const READ_ATTRIBUTES = new Set(['success', 'reason', 'id']);

/**
 * One parser for every body. Only what readers take is built: no value parsing, entities off, the
 * attributes of the envelope only, and no path strings for callbacks (jPath) nobody installs.
 */
/** The predefined entities of XML (section 4.6) and character references: all a document without a DTD can hold. */
const XML_ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text of an element or attribute with its references decoded (`&amp;` is `&`). A reference to no valid code point stays as written. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(XML_ENTITY, (whole, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name) return PREDEFINED[name]!;
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

const xmlParser = new XMLParser({
  ignoreAttributes: (name: string) => !READ_ATTRIBUTES.has(name),
  attributeNamePrefix: '@_',
  // The parser's entity processing stays off (it would also expand a DTD's entities; DTDs are refused
  // before parsing): the predefined entities and character references are decoded here instead.
  processEntities: false,
  htmlEntities: false,
  tagValueProcessor: (_name: string, value: string) => decodeXmlText(value),
  attributeValueProcessor: (_name: string, value: string) => decodeXmlText(value),
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  jPath: false,
});

/**
 * A response body read as far as it is asked, each step once: whether it is a well-formed document of
 * its format (JSON.parse; for XML, DTD refusal and the XML validator), and its tree (for XML, the
 * parser, only when a reader asks for values). The body is decoded to text once.
 */
export class BodyDocument {
  private decoded?: string;
  private checked?: WellFormed;
  private tree?: Parsed;

  constructor(
    private readonly body: Buffer | string,
    readonly format: Format,
  ) {}

  get text(): string {
    return (this.decoded ??= typeof this.body === 'string' ? this.body : this.body.toString('utf8'));
  }

  /** Is the body a well-formed document of its format? */
  wellFormed(): WellFormed {
    if (this.checked) return this.checked;
    const text = this.text;
    if (this.format === 'json') {
      try {
        this.tree = { ok: true, value: JSON.parse(text) };
        return (this.checked = { ok: true });
      } catch (err) {
        return (this.checked = this.tree = { ok: false, error: `not JSON: ${(err as Error).message}` });
      }
    }
    if (text.trim() === '') return (this.checked = { ok: false, error: 'empty body, not an XML document' });
    if (/<!DOCTYPE[^>]*\[/i.test(text)) return (this.checked = { ok: false, error: 'XML with an internal DTD subset (entity declarations) is refused' });
    const valid = XMLValidator.validate(text);
    if (valid !== true) return (this.checked = { ok: false, error: `not well-formed XML: ${valid.err.msg} (line ${valid.err.line})` });
    return (this.checked = { ok: true });
  }

  /** The body's tree, when it is well formed. */
  parsed(): Parsed {
    if (this.tree) return this.tree;
    const checked = this.wellFormed();
    if (this.tree) return this.tree;
    if (!checked.ok) return (this.tree = checked);
    try {
      return (this.tree = { ok: true, value: xmlParser.parse(this.text) });
    } catch (err) {
      return (this.tree = { ok: false, error: `not well-formed XML: ${(err as Error).message}` });
    }
  }
}

export function parseBody(body: Buffer | string, format: Format): Parsed {
  return new BodyDocument(body, format).parsed();
}

export interface Envelope {
  readonly success: boolean;
  readonly reason: string;
  /** Extra members (INT-created-id): the created record's id, when given. */
  readonly id?: number;
}

export type EnvelopeRead = { ok: true; envelope: Envelope } | { ok: false; error: string };

/** Reads the outcome envelope of section 7 from a parsed body. */
export function readEnvelope(value: unknown, format: Format): EnvelopeRead {
  if (format === 'json') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'the JSON body is not one object' };
    const obj = value as Record<string, unknown>;
    if (typeof obj.success !== 'boolean') return { ok: false, error: `"success" is ${describe(obj.success)}, not a boolean` };
    if (typeof obj.reason !== 'string') return { ok: false, error: `"reason" is ${describe(obj.reason)}, not a string` };
    const id = toId(obj.id);
    return { ok: true, envelope: { success: obj.success, reason: obj.reason, ...(id ? { id } : {}) } };
  }
  const roots = elementKeys(value);
  if (roots.length !== 1) return { ok: false, error: `expected a single root element, found ${roots.length}` };
  if (roots[0] !== 'response') return { ok: false, error: `the root element is <${roots[0]}>, not <response>` };
  const el = (value as Record<string, unknown>).response;
  const attrs = typeof el === 'object' && el !== null ? (el as Record<string, unknown>) : {};
  const success = attrs['@_success'];
  if (success !== 'true' && success !== 'false') return { ok: false, error: `attribute success is ${describe(success)}, not true or false` };
  if (typeof attrs['@_reason'] !== 'string') return { ok: false, error: 'attribute reason is missing' };
  const id = toId(attrs['@_id']);
  return { ok: true, envelope: { success: success === 'true', reason: attrs['@_reason'], ...(id ? { id } : {}) } };
}

function describe(v: unknown): string {
  if (v === undefined) return 'missing';
  return `${typeof v} ${JSON.stringify(v)?.slice(0, 40)}`;
}

function toId(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Element names of an XML node (attributes and text excluded). */
function elementKeys(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.keys(node).filter((k) => !k.startsWith('@_') && k !== '#text' && k !== '?xml');
}

export type FieldValue = string | number | boolean | null | FieldValue[] | { [k: string]: FieldValue };
export type RecordFields = Record<string, FieldValue>;

/** XML element → plain record: child elements become fields; text content becomes the value. */
function xmlToValue(node: unknown): FieldValue {
  if (node === null || node === undefined) return null;
  if (typeof node !== 'object') return String(node);
  if (Array.isArray(node)) return node.map(xmlToValue);
  const obj = node as Record<string, unknown>;
  const children = elementKeys(obj);
  if (children.length === 0) return typeof obj['#text'] === 'string' || typeof obj['#text'] === 'number' ? String(obj['#text']) : '';
  const out: Record<string, FieldValue> = {};
  // Element names may be dasherized (`tag-string` for `tag_string`, INT-format-parity): fields are read by their JSON names.
  for (const k of children) out[k.replace(/-/g, '_')] = xmlToValue(obj[k]);
  return out;
}

/** A list body as records (INT-list-shape): JSON array of objects, or XML root with one child element per record. */
export function readList(value: unknown, format: Format): RecordFields[] | undefined {
  if (format === 'json') {
    if (!Array.isArray(value)) return undefined;
    return value.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x)) ? (value as RecordFields[]) : undefined;
  }
  const roots = elementKeys(value);
  if (roots.length !== 1) return undefined;
  const root = (value as Record<string, unknown>)[roots[0]!];
  if (root === '' || root === undefined || root === null) return [];
  if (typeof root !== 'object') return undefined;
  const children = elementKeys(root);
  if (children.length === 0) return [];
  if (children.length !== 1) return undefined;
  const items = (root as Record<string, unknown>)[children[0]!];
  const list = Array.isArray(items) ? items : [items];
  return list.map((item) => {
    const v = xmlToValue(item);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {};
  });
}

/** A show body as one record (INT-list-shape). */
export function readRecord(value: unknown, format: Format): RecordFields | undefined {
  if (format === 'json') {
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RecordFields) : undefined;
  }
  const roots = elementKeys(value);
  if (roots.length !== 1) return undefined;
  const v = xmlToValue((value as Record<string, unknown>)[roots[0]!]);
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}

/** A record's id (INT-record-fields), as a number. */
export function recordId(record: RecordFields | undefined): number | undefined {
  return record ? toId(record.id) : undefined;
}

export function mediaTypeMatches(contentType: string | undefined, format: Format): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return format === 'json' ? type === 'application/json' : type === 'application/xml' || type === 'text/xml';
}

/** A field's value as a list of texts, when it is one: a JSON array, or XML children (one element per item). */
function listOf(v: FieldValue): string[] | undefined {
  if (Array.isArray(v)) return v.map((x) => (x === null ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x)));
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 1) {
      const items = v[keys[0]!]!;
      return (Array.isArray(items) ? items : [items]).map((x) => (x === null ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x)));
    }
    if (keys.length === 0) return [];
  }
  return undefined;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * Does the XML rendering of a field say what its JSON rendering says (INT-format-parity)? XML values are
 * text: numbers and booleans by their spelling, null as an empty element, lists as one child per item or
 * a space-delimited text, times as any ISO 8601 form of the same instant.
 */
export function sameRendering(json: FieldValue, xml: FieldValue): boolean {
  if (json === null || json === '') return xml === null || xml === '' || (typeof xml === 'object' && !Array.isArray(xml) && Object.keys(xml).length === 0);
  if (typeof json === 'number') return typeof xml === 'string' && xml.trim() !== '' && Number(xml) === json;
  if (typeof json === 'boolean') return xml === String(json);
  if (typeof json === 'string') {
    if (typeof xml !== 'string') return false;
    if (xml === json.trim()) return true;
    if (ISO_TIME.test(json) && ISO_TIME.test(xml)) return Math.abs(Date.parse(json) - Date.parse(xml.replace(' UTC', 'Z'))) < 1000;
    return false;
  }
  if (Array.isArray(json)) {
    const items = typeof xml === 'string' ? xml.split(/\s+/).filter(Boolean) : listOf(xml);
    const want = listOf(json)!;
    return items !== undefined && items.length === want.length && items.every((x, i) => x === want[i]!.trim());
  }
  // Objects (nested records): every member the JSON has is said by the XML when it carries it.
  if (xml === null || typeof xml !== 'object' || Array.isArray(xml)) return false;
  return Object.entries(json).every(([k, v]) => !(k in xml) || sameRendering(v, xml[k]!));
}
