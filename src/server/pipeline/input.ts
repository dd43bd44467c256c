/**
 * Stage 1, input: the request's fields and files, from the query string for GET and from the body
 * otherwise (form, multipart or JSON, flattened to bracket names). The input faults act here.
 */
import type { FastifyRequest } from 'fastify';
import type { RawInput, UploadedFile } from '../params.ts';
import { invalid } from '../refusals.ts';
import type { StageFaults } from './faults.ts';
import { stateOf } from './state.ts';

/** Flattens a JSON body ({post: {rating: "s"}}) into bracket names (post[rating]). */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, prefix ? `${prefix}[${k}]` : k, out);
  } else if (prefix) {
    out[prefix] = value;
  }
  return out;
}

async function readInput(req: FastifyRequest, maxUploadBytes: number): Promise<RawInput> {
  if (req.method === 'GET') return { fields: (req.query ?? {}) as Record<string, unknown>, files: {} };
  if (req.isMultipart()) {
    const fields: Record<string, unknown> = {};
    const files: Record<string, UploadedFile> = {};
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data };
        } else if (fields[part.fieldname] === undefined) {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        } else {
          fields[part.fieldname] = [fields[part.fieldname], part.value].flat();
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(`file larger than ${maxUploadBytes} bytes`);
      throw invalid(`malformed multipart body: ${(err as Error).message}`);
    }
    return { fields, files };
  }
  const body = req.body;
  return { fields: body && typeof body === 'object' ? flatten(body) : {}, files: {} };
}

export function inputStage(options: { readonly maxUploadBytes: number; readonly faults: StageFaults }) {
  const { maxUploadBytes, faults } = options;
  return async function input(req: FastifyRequest): Promise<void> {
    const state = stateOf(req);
    let read = await readInput(req, maxUploadBytes);
    const method = state.route.op.method;
    if (method === 'GET' && faults.queryIgnored) read = { fields: {}, files: {} };
    if (method !== 'GET' && faults.bodyIgnored) read = { fields: (req.query ?? {}) as Record<string, unknown>, files: {} };
    state.input = read;
  };
}
