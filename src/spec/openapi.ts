/**
 * Generates the OpenAPI 3.1 description of one variant from the spec model and the requirement
 * catalogue. The output is checked in under specs/openapi/ and verified fresh by the tests.
 *
 * Both formats of every path are reachable through a `{format}` path parameter (`json` or `xml`),
 * so each documented operation is exactly one OpenAPI operation.
 *
 * Examples (./examples.ts): requests derived from the model; 2xx JSON answers as the reference server
 * gave them to those requests, read from the checked-in capture.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { INTERPRETATIONS } from '../../specs/interpretations.ts';
import type { ResolvedOperation, ResolvedParam, Variant } from '../../specs/model/index.ts';
import {
  ANONYMOUS_ACCESS,
  AUTH_METHODS,
  AUTH_PARAMS,
  ENVELOPE,
  FORMATS,
  effectText,
  STATUS_CODES,
  inVariant,
  resourcesFor,
  resource,
  POSTS_PER_REQUEST_MAX,
} from '../../specs/model/index.ts';
import { requirementsOfOperation } from '../../specs/requirements/index.ts';
import type { CapturedExample, CapturedExamples } from './examples.ts';
import { EXAMPLE_FORMAT, EXAMPLE_ORIGIN, bodyExample, documentOrder, exampleValue, hasParameterExample, loadCapturedExamples } from './examples.ts';

type Schema = OpenAPIV3_1.SchemaObject;

const ENVELOPE_REF = '#/components/schemas/Envelope';
const ENVELOPE_XML_REF = '#/components/schemas/EnvelopeXml';

function paramSchema(p: ResolvedParam): Schema {
  if (p.type === 'file') return { type: 'string', contentMediaType: 'application/octet-stream' };
  const schema: Schema = p.type === 'integer' && !p.values ? { type: 'integer' } : { type: 'string' };
  if (p.values) schema.enum = [...p.values];
  if (p.name === 'limit') schema.maximum = POSTS_PER_REQUEST_MAX;
  if (p.type === 'integer' && p.location === 'path') schema.minimum = 1;
  return schema;
}

function operationExtensions(op: ResolvedOperation, variant: Variant): Record<string, unknown> {
  const ext: Record<string, unknown> = {
    'x-conform-requirements': requirementsOfOperation(op.id, variant),
  };
  if (op.only) ext['x-conform-variant-only'] = op.only;
  if (!op.shown) ext['x-conform-shown'] = false;
  const interpretations = [op.interpretation].filter((x) => x !== undefined);
  if (interpretations.length > 0) ext['x-conform-interpretations'] = interpretations;
  if (op.remarks) ext['x-conform-remarks'] = op.remarks;
  if (op.requireOneOf) ext['x-conform-require-one-of'] = op.requireOneOf;
  return ext;
}

/** The document's words for a parameter, and what it does. */
function describe(p: ResolvedParam): string {
  return p.effect ? `${p.description}. ${effectText(p.effect)}` : p.description;
}

function parameters(op: ResolvedOperation): OpenAPIV3_1.ParameterObject[] {
  const out: OpenAPIV3_1.ParameterObject[] = [];
  for (const p of op.params.filter((p) => p.location !== 'body')) {
    out.push({
      name: p.name,
      in: p.location,
      required: p.required,
      description: describe(p),
      schema: paramSchema(p),
      ...(hasParameterExample(p) && exampleValue(p) !== undefined ? { example: exampleValue(p) } : {}),
      ...(p.variantOnly ? { 'x-conform-variant-only': op.variant } : {}),
    } as OpenAPIV3_1.ParameterObject);
  }
  out.push({
    name: 'format',
    in: 'path',
    required: true,
    description: 'The path suffix selects the format: `json` for JSON, `xml` for XML.',
    schema: { type: 'string', enum: [...FORMATS] },
    example: EXAMPLE_FORMAT,
  });
  return out;
}

function bodySchema(op: ResolvedOperation, withFile: boolean): Schema {
  const params = op.params.filter((p) => p.location === 'body' && (withFile || p.type !== 'file'));
  const schema: Schema = {
    type: 'object',
    properties: Object.fromEntries(
      params.map((p) => [
        p.name,
        { ...paramSchema(p), description: describe(p), ...(p.variantOnly ? { 'x-conform-variant-only': op.variant } : {}) },
      ]),
    ),
  };
  const required = params.filter((p) => p.required).map((p) => p.name);
  if (required.length > 0) schema.required = required;
  return schema;
}

function requestBody(op: ResolvedOperation): OpenAPIV3_1.RequestBodyObject | undefined {
  const bodyParams = op.params.filter((p) => p.location === 'body');
  if (bodyParams.length === 0) return undefined;
  const hasFile = bodyParams.some((p) => p.type === 'file');
  const urlencoded = bodySchema(op, false);
  const withExample = (schema: Schema, example: Record<string, unknown> | undefined): OpenAPIV3_1.MediaTypeObject =>
    example ? { schema, example } : { schema };
  const content: Record<string, OpenAPIV3_1.MediaTypeObject> = { 'application/x-www-form-urlencoded': withExample(urlencoded, bodyExample(op, false)) };
  const oneOf = op.requireOneOf ?? [];
  if (hasFile) {
    const multipart = bodySchema(op, true);
    if (oneOf.length > 0) multipart.anyOf = oneOf.map((name) => ({ required: [name] }));
    content['multipart/form-data'] = withExample(multipart, bodyExample(op, true));
  }
  // A form without a file part can only satisfy the rule through the other parameters.
  const withoutFile = oneOf.filter((name) => urlencoded.properties?.[name] !== undefined);
  if (oneOf.length > 0) urlencoded.anyOf = withoutFile.map((name) => ({ required: [name] }));
  return { required: bodyParams.some((p) => p.required) || hasFile, content };
}

function recordSchema(op: ResolvedOperation): { json: Schema; xml: Schema } {
  const singular = op.resource.replace(/ies$/, 'y').replace(/s$/, '');
  const record: Schema = { $ref: '#/components/schemas/Record' } as Schema;
  if (op.kind === 'list') {
    return {
      json: { type: 'array', items: record },
      xml: { type: 'array', items: { type: 'object', xml: { name: singular } }, xml: { name: op.path.split('/').pop(), wrapped: true } },
    };
  }
  return { json: record, xml: { type: 'object', xml: { name: singular } } };
}

/** The media type `examples` member holding the reference server's answer. */
function capturedExamples(example: CapturedExample | undefined): { examples?: Record<string, OpenAPIV3_1.ExampleObject> } {
  if (!example) return {};
  return {
    examples: {
      reference: {
        summary: `The reference server's answer to ${example.request} (timestamps normalised)`,
        value: example.body,
      },
    },
  };
}

function responses(op: ResolvedOperation, variant: Variant, captured: CapturedExamples | undefined): OpenAPIV3_1.ResponsesObject {
  const out: OpenAPIV3_1.ResponsesObject = {};
  const example = captured?.operations[op.id];
  for (const status of STATUS_CODES.filter((s) => inVariant(s, variant))) {
    const description = `${status.name}: ${status.meaning}`;
    if (status.code === 204) {
      out['204'] = { description: `${description}. No body; success is read from the status code (INT-204-envelope).` };
      continue;
    }
    if (status.code === 200 && op.method === 'GET') {
      const { json, xml } = recordSchema(op);
      out['200'] = {
        description: `${description}. Record contents are not shown by the document (INT-list-shape, INT-record-fields).`,
        content: { 'application/json': { schema: json, ...capturedExamples(example) }, 'application/xml': { schema: xml } },
      };
      continue;
    }
    if (status.code === 200 && example) {
      out['200'] = {
        description: `${description}. The outcome envelope.`,
        content: {
          'application/json': { schema: { $ref: ENVELOPE_REF }, ...capturedExamples(example) },
          'application/xml': { schema: { $ref: ENVELOPE_XML_REF } },
        },
      };
      continue;
    }
    out[String(status.code)] = { $ref: `#/components/responses/Status${status.code}` };
  }
  return out;
}

function toOpenApiPath(path: string): string {
  return `${path}.{format}`;
}

/**
 * The description of a variant. `captured`: the reference server's answers to put as response
 * examples (the checked-in capture by default).
 */
export function generateOpenApi(variant: Variant, captured: CapturedExamples | undefined = loadCapturedExamples(variant)): OpenAPIV3_1.Document {
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const op of documentOrder(variant)) {
    const key = toOpenApiPath(op.path);
    const item = (paths[key] ??= {});
    const body = requestBody(op);
    const operation = {
      operationId: op.id,
      summary: op.summary,
      tags: [resource(op.resource).name],
      parameters: parameters(op),
      ...(body ? { requestBody: body } : {}),
      responses: responses(op, variant, captured),
      ...operationExtensions(op, variant),
    } as OpenAPIV3_1.OperationObject;
    // PathItemObject's method members are typed with 3.0 bodies in openapi-types; the object is 3.1.
    (item as Record<string, OpenAPIV3_1.OperationObject>)[op.method.toLowerCase()] = operation;
  }

  const securityAlternatives: OpenAPIV3_1.SecurityRequirementObject[] = [
    { login: [], api_key: [] },
    { basic: [] },
    { login: [], password_hash: [] },
    { session_login: [], session_password_hash: [] },
  ];
  if (ANONYMOUS_ACCESS[variant]) securityAlternatives.push({});
  const authText = (id: string) => AUTH_METHODS.find((m) => m.id === id)?.text ?? '';

  return {
    openapi: '3.1.0',
    info: {
      title: `Image-board HTTP API, variant ${variant}`,
      version: `variant-${variant}`,
      summary: variant === 'A' ? 'Variant A (the broader one).' : 'Variant B (the narrower one).',
      description:
        'Generated from the spec model of imageboard-http-api.md by `conform spec`. Each operation lists the requirement ids it carries ' +
        'under x-conform-requirements; readings of ambiguous passages are cited as INT-* ids of the interpretations register.',
    },
    servers: [{ url: '{base_url}', variables: { base_url: { default: EXAMPLE_ORIGIN } } }],
    tags: resourcesFor(variant).map((r) => ({ name: r.name, description: `Path root ${r.root}` })),
    security: securityAlternatives,
    paths,
    components: {
      schemas: {
        Envelope: {
          type: 'object',
          description: `${ENVELOPE.text} The envelope may carry more members, such as the created record's id (INT-created-id).`,
          required: ['success', 'reason'],
          properties: { success: { type: 'boolean' }, reason: { type: 'string' } },
        },
        EnvelopeXml: {
          type: 'object',
          description: 'A single `response` element with attributes `success` and `reason`.',
          xml: { name: ENVELOPE.xml.element },
          required: ['success', 'reason'],
          properties: {
            success: { type: 'boolean', xml: { attribute: true } },
            reason: { type: 'string', xml: { attribute: true } },
          },
        },
        Record: {
          type: 'object',
          description: 'A record. Its fields are not shown by the document; see INT-record-fields.',
          additionalProperties: true,
        },
      },
      responses: Object.fromEntries(
        STATUS_CODES.filter((s) => inVariant(s, variant) && s.code !== 204).map((status) => [
          `Status${status.code}`,
          {
            description: `${status.name}: ${status.meaning}. The outcome envelope; for GET errors the envelope is not required (INT-get-errors).`,
            content: {
              'application/json': { schema: { $ref: ENVELOPE_REF } },
              'application/xml': { schema: { $ref: ENVELOPE_XML_REF } },
            },
          },
        ]),
      ),
      securitySchemes: {
        login: { type: 'apiKey', in: 'query', name: AUTH_PARAMS.login, description: `${authText('login_api_key')} The user name; in the body for POST, PUT and DELETE.` },
        api_key: { type: 'apiKey', in: 'query', name: AUTH_PARAMS.apiKey, description: `${authText('login_api_key')} In the body for POST, PUT and DELETE.` },
        password_hash: { type: 'apiKey', in: 'query', name: AUTH_PARAMS.passwordHash, description: `${authText('password_hash')} (INT-password-hash)` },
        basic: { type: 'http', scheme: 'basic', description: authText('basic') },
        session_login: { type: 'apiKey', in: 'cookie', name: 'login', description: `${authText('session_cookie')} (INT-session-cookie)` },
        session_password_hash: {
          type: 'apiKey', in: 'cookie', name: 'password_hash',
          description: 'The session cookie stores the API key under the name password_hash (INT-session-cookie).',
        },
      },
    },
    'x-conform-variant': variant,
    'x-conform-anonymous-access': ANONYMOUS_ACCESS[variant],
    'x-conform-interpretations': INTERPRETATIONS.map((i) => i.id),
  } as OpenAPIV3_1.Document;
}

/** The published, checked-in location of a variant's description, relative to the repository root. */
export function openApiPath(variant: Variant): string {
  return `specs/openapi/imageboard.${variant}.json`;
}

export function serializeOpenApi(doc: OpenAPIV3_1.Document): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
