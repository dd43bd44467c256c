/**
 * The JSON Schema of report.json (specs/report.schema.json, draft 2020-12) and reading a report
 * file against it: `conform compare` takes only reports that validate.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Report } from './model.ts';
import { UsageError } from '../errors.ts';
import { REPO_ROOT } from '../paths.ts';

export const REPORT_SCHEMA_PATH = join(REPO_ROOT, 'specs', 'report.schema.json');

// ajv-formats is CommonJS: the plugin is its module object and, again, that object's `default`.
const addFormats = addFormatsModule.default;

let validator: ValidateFunction | undefined;

export function reportSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(REPORT_SCHEMA_PATH, 'utf8')) as Record<string, unknown>;
}

function validate(): ValidateFunction {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    addFormats(ajv);
    validator = ajv.compile(reportSchema());
  }
  return validator;
}

function describe(e: ErrorObject): string {
  return `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : ''}`;
}

/** Validates a parsed report.json; returns the problems (empty when valid), at most `max`. */
export function reportErrors(data: unknown, max = 10): string[] {
  const v = validate();
  if (v(data)) return [];
  return (v.errors ?? []).slice(0, max).map(describe);
}

export function isReport(data: unknown): data is Report {
  return reportErrors(data).length === 0;
}

/** Reads and validates a report.json file; a UsageError (exit 2) says what is wrong with it. */
export async function readReportFile(path: string): Promise<Report> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read the report ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${path} is not JSON: ${(err as Error).message}`);
  }
  const schema = (data as { schema?: unknown } | null)?.schema;
  if (typeof schema === 'string' && schema !== 'conform-report/1') {
    throw new UsageError(`${path} is a ${schema} report; this conform reads conform-report/1`);
  }
  const errors = reportErrors(data);
  if (errors.length) throw new UsageError(`${path} is not a valid conform report (specs/report.schema.json):\n  ${errors.join('\n  ')}`);
  return data as Report;
}
