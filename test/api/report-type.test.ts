/**
 * The library's `Report` type is report.json's schema (specs/report.schema.json): the same properties at
 * every level the schema describes as an object, and every property the schema requires is required by
 * the type. The type may require more than the schema, where the schema still accepts reports of older
 * versions (listed here, each with why).
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/paths.ts';
import { reportSchema } from '../../src/report/schema.ts';

interface SchemaNode {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly properties?: Record<string, SchemaNode>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly oneOf?: readonly SchemaNode[];
  readonly anyOf?: readonly SchemaNode[];
}

/** Properties of the schema the type does not have, and why. */
const SCHEMA_ONLY: Readonly<Record<string, string>> = {
  // A report of recorded traffic (conform proxy, audit, merge): the library's ProxyReport, Report & { traffic }.
  '.traffic': 'traffic reports only',
};
/** Properties of the type the schema does not have, and why. */
const TYPE_ONLY: Readonly<Record<string, string>> = {
  // As the suites report a blocked check; folded into a root-cause row before a report is made.
  '.results[].root': 'never in a report',
};
/** Required by the type, optional in the schema: reports of older versions lack them. */
const OLDER_REPORTS_LACK: ReadonlySet<string> = new Set(['.counts.blocked']);

let compiled: { checker: ts.TypeChecker; report: ts.Type } | undefined;
const used = new Set<string>();

function typeOfReport(): { checker: ts.TypeChecker; report: ts.Type } {
  if (compiled) return compiled;
  const entry = join(REPO_ROOT, 'src', 'api', 'index.ts');
  const program = ts.createProgram([entry], { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowImportingTsExtensions: true, noEmit: true, skipLibCheck: true, types: ['node'] });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const symbol = checker.getExportsOfModule(module).find((s) => s.name === 'Report')!;
  return (compiled = { checker, report: checker.getDeclaredTypeOfSymbol(checker.getAliasedSymbol(symbol)) });
}

/** Every difference between the type and the schema, one line each, walking both together. */
function differences(checker: ts.TypeChecker, type: ts.Type, node: SchemaNode, root: SchemaNode, path: string, out: string[]): void {
  const resolved = node.$ref ? (root as { $defs: Record<string, SchemaNode> }).$defs[node.$ref.replace('#/$defs/', '')]! : node;
  const t = checker.getNonNullableType(type);
  if (resolved.items) {
    const element = checker.isArrayType(t) || checker.isTupleType(t) ? checker.getTypeArguments(t as ts.TypeReference)[0] : undefined;
    if (element) differences(checker, element, resolved.items, root, `${path}[]`, out);
    return;
  }
  if (!resolved.properties) return;
  const props = new Map(checker.getPropertiesOfType(t).map((p) => [p.name, p]));
  const required = new Set(resolved.required ?? []);
  for (const [name, sub] of Object.entries(resolved.properties)) {
    const at = `${path}.${name}`;
    const prop = props.get(name);
    if (!prop) {
      if (SCHEMA_ONLY[at]) used.add(at);
      else out.push(`${at}: in the schema, not in the type`);
      continue;
    }
    const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0;
    if (required.has(name) && optional) out.push(`${at}: required by the schema, optional in the type`);
    if (!required.has(name) && !optional) {
      if (OLDER_REPORTS_LACK.has(at)) used.add(at);
      else out.push(`${at}: required by the type, optional in the schema`);
    }
    differences(checker, checker.getTypeOfSymbol(prop), sub, root, at, out);
  }
  for (const name of props.keys()) {
    if (name in resolved.properties) continue;
    if (TYPE_ONLY[`${path}.${name}`]) used.add(`${path}.${name}`);
    else out.push(`${path}.${name}: in the type, not in the schema`);
  }
}

describe('the Report type and specs/report.schema.json', () => {
  it('have the same properties, and the schema requires only what the type requires', () => {
    const { checker, report } = typeOfReport();
    const schema = reportSchema() as SchemaNode;
    const out: string[] = [];
    differences(checker, report, schema, schema, '', out);
    expect(out).toEqual([]);
    // Every exception is one the walk met.
    expect([...used].sort()).toEqual([...Object.keys(SCHEMA_ONLY), ...Object.keys(TYPE_ONLY), ...OLDER_REPORTS_LACK].sort());
    // The walk reached the nested objects, not only the top level.
    expect(checker.getPropertiesOfType(report).length).toBeGreaterThan(20);
  });

  it('finds a difference when there is one (the walk itself)', () => {
    const { checker, report } = typeOfReport();
    const schema = reportSchema() as unknown as SchemaNode & { properties: Record<string, SchemaNode>; required: string[] };
    const changed = { ...schema, required: [...schema.required, 'fault'], properties: { ...schema.properties, extra: { type: 'string' } } };
    const out: string[] = [];
    differences(checker, report, changed, changed, '', out);
    expect(out.sort()).toEqual(['.extra: in the schema, not in the type', '.fault: required by the schema, optional in the type']);
  });
});
