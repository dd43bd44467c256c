/**
 * The wire protocol shared by every operation: formats, the outcome envelope of section 7, record and
 * list bodies (INT-list-shape, INT-xml-shape), and the error type handlers throw.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { ENVELOPE } from '../../specs/model/index.ts';
import type { Faults } from './fault-types.ts';

export type Format = 'json' | 'xml';

/** A field value of a record. Dates are written as ISO 8601 strings. */
export type FieldValue = string | number | boolean | null | Date | readonly string[];
export type ApiRecord = Readonly<Record<string, FieldValue>>;

/** A refusal with a documented status code and a reason that names what was wrong. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    /** Extra response headers (Retry-After of a 421). */
    readonly headers: Readonly<Record<string, string>> = {},
    /** Answered as this plain text instead of the envelope (the variation unauthorized-401 in B). */
    readonly plainText?: string,
  ) {
    super(reason);
  }
}

/** What a handler answers. The router turns it into a body in the requested format. */
export type Outcome =
  | { readonly kind: 'record'; readonly element: string; readonly record: ApiRecord }
  | { readonly kind: 'list'; readonly element: string; readonly root: string; readonly records: readonly ApiRecord[] }
  | { readonly kind: 'envelope'; readonly reason?: string; readonly id?: number; readonly extra?: Readonly<Record<string, number | string>> };

export interface Rendered {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

const CONTENT_TYPE: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

const xmlBuilder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  format: false,
});
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

// Characters XML 1.0 cannot carry at all; they are dropped from XML output (JSON keeps them).
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
function xmlText(s: string): string {
  return s.replace(XML_INVALID, '');
}

/**
 * How times are written: UTC with milliseconds (default), or as the service family writes them, in US
 * Eastern time with its offset, with milliseconds (`2013-03-02T10:11:12.345-05:00`) or without them
 * (`2013-03-02T10:11:12-05:00`).
 */
export type TimeStyle = 'utc' | 'eastern' | 'eastern-seconds';

const EASTERN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York', hourCycle: 'h23',
  year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** A time in US Eastern time (standard or daylight saving), ISO 8601 with its offset. */
export function easternTime(d: Date, fractions: boolean): string {
  const part = Object.fromEntries(EASTERN.formatToParts(d).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second));
  const offset = Math.round((wall - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  const ms = fractions ? `.${String(d.getTime() % 1000).padStart(3, '0')}` : '';
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${ms}${sign}${hh}:${mm}`;
}

function timeText(d: Date, style: TimeStyle): string {
  return style === 'utc' ? d.toISOString() : easternTime(d, style === 'eastern');
}

function jsonValue(v: FieldValue, style: RenderStyle): unknown {
  return v instanceof Date ? timeText(v, style.times ?? 'utc') : v;
}

function xmlField(v: FieldValue, style: RenderStyle): unknown {
  if (v === null) return { '@_nil': 'true' };
  if (v instanceof Date) return { '#text': timeText(v, style.times ?? 'utc'), '@_type': 'datetime' };
  if (typeof v === 'number') return { '#text': String(v), '@_type': Number.isInteger(v) ? 'integer' : 'float' };
  if (typeof v === 'boolean') return { '#text': String(v), '@_type': 'boolean' };
  if (Array.isArray(v)) return { '@_type': 'array', item: v.map((s) => xmlText(s)) };
  return xmlText(v as string);
}

/** How records are written: XML element names as the JSON members (default) or dasherized, as Rails writes them; times. */
export interface RenderStyle {
  readonly dasherize?: boolean;
  readonly times?: TimeStyle;
}

const name = (k: string, style: RenderStyle) => (style.dasherize ? k.replace(/_/g, '-') : k);

/** The XML rendering faults: numbers of a record drift by one, space-delimited lists are joined by commas. */
function xmlValue(k: string, v: FieldValue, faults: Faults): FieldValue {
  if (faults.list.length === 0) return v;
  if (faults.active('xml-number-drift') && typeof v === 'number' && k !== 'id') return v + 1;
  if (faults.active('xml-list-joined') && k === 'tag_string' && typeof v === 'string') return v.split(' ').join(',');
  return v;
}

function xmlRecord(record: ApiRecord, faults: Faults, style: RenderStyle): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[name(k, style)] = xmlField(xmlValue(k, v, faults), style);
  return out;
}

function jsonRecord(record: ApiRecord, style: RenderStyle): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = jsonValue(v, style);
  return out;
}

export interface EnvelopeBody {
  readonly success: boolean;
  readonly reason: string;
  readonly id?: number;
  readonly extra?: Readonly<Record<string, number | string>>;
}

/** Renders the outcome envelope, honouring the protocol faults. */
export function renderEnvelope(format: Format, status: number, env: EnvelopeBody, faults: Faults): Rendered {
  const success = faults.active('success-true-on-errors') || (status === 404 && faults.active('not-found-says-success')) ? true : env.success;
  if (format === 'json') {
    const body: Record<string, unknown> = { success: faults.active('envelope-success-string') ? String(success) : success };
    if (!faults.active('envelope-no-reason')) body.reason = env.reason;
    if (env.id !== undefined) body.id = env.id;
    if (env.extra) Object.assign(body, env.extra);
    return finish(format, status, JSON.stringify(body), faults);
  }
  const attrs: Record<string, string> = { '@_success': String(success) };
  if (!faults.active('envelope-no-reason')) attrs['@_reason'] = xmlText(env.reason);
  if (env.id !== undefined) attrs['@_id'] = String(env.id);
  for (const [k, v] of Object.entries(env.extra ?? {})) attrs[`@_${k}`] = xmlText(String(v));
  const element = faults.active('xml-envelope-root') ? 'result' : ENVELOPE.xml.element;
  return finish(format, status, XML_DECLARATION + xmlBuilder.build({ [element]: attrs }), faults);
}

export function renderRecord(format: Format, element: string, record: ApiRecord, faults: Faults, style: RenderStyle = {}): Rendered {
  if (format === 'json') return finish(format, 200, JSON.stringify(jsonRecord(record, style)), faults);
  return finish(format, 200, XML_DECLARATION + xmlBuilder.build({ [name(element, style)]: xmlRecord(record, faults, style) }), faults);
}

export function renderList(format: Format, root: string, element: string, records: readonly ApiRecord[], faults: Faults, style: RenderStyle = {}): Rendered {
  if (format === 'json') return finish(format, 200, JSON.stringify(records.map((r) => jsonRecord(r, style))), faults);
  const body = { [name(root, style)]: { '@_type': 'array', ...(records.length > 0 ? { [name(element, style)]: records.map((r) => xmlRecord(r, faults, style)) } : {}) } };
  return finish(format, 200, XML_DECLARATION + xmlBuilder.build(body), faults);
}

function finish(format: Format, status: number, body: string, faults: Faults): Rendered {
  let out = body;
  if (format === 'xml' && faults.active('xml-malformed')) out = out.replace(/\/?>$/, '');
  if (format === 'json' && faults.active('json-malformed')) out = out.slice(0, -1);
  const contentType = faults.active('wrong-content-type') ? 'text/plain; charset=utf-8' : CONTENT_TYPE[format];
  return { status, contentType, body: out };
}

/** The format a request path asks for: its suffix, JSON when it has none. */
export function formatOfUrl(url: string): Format {
  const pathOnly = url.split('?', 1)[0] ?? '';
  return pathOnly.endsWith('.xml') ? 'xml' : 'json';
}
