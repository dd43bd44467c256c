/** What a search lists and what it leaves out: filters are checked both ways. */
import { fail } from '../../check.ts';

export function expectIncludes(got: readonly number[], want: number, what: string): void {
  if (!got.includes(want)) fail(`${what} does not find record ${want}`, { expected: `record ${want}`, actual: JSON.stringify(got) });
}

export function expectExcludes(got: readonly number[], unwanted: number, what: string): void {
  if (got.includes(unwanted)) fail(`${what} finds record ${unwanted}`, { expected: `not record ${unwanted}`, actual: JSON.stringify(got) });
}

/** Both directions: `include` is listed with the filter, `exclude` is not. */
export function expectSelects(got: readonly number[], include: readonly number[], exclude: readonly number[], what: string): void {
  const missing = include.filter((id) => !got.includes(id));
  if (missing.length > 0) fail(`${what} does not list ${JSON.stringify(missing)}, which match it`, { expected: `records ${JSON.stringify(include)} listed`, actual: JSON.stringify(got) });
  const extra = exclude.filter((id) => got.includes(id));
  if (extra.length > 0) fail(`${what} lists ${JSON.stringify(extra)}, which do not match it`, { expected: `records ${JSON.stringify(exclude)} not listed`, actual: JSON.stringify(got) });
}

/** Two lists for two different filter values: each non-empty, and no record in both. */
export function expectDisjoint(a: readonly number[], b: readonly number[], what: string): void {
  if (a.length === 0 || b.length === 0) fail(`${what}: a value that has records lists none`, { expected: 'records for both values', actual: `${a.length} and ${b.length}` });
  const both = a.filter((id) => b.includes(id));
  if (both.length > 0) fail(`${what}: records ${JSON.stringify(both)} are listed for two different values`, { expected: 'disjoint lists', actual: `${JSON.stringify(a)} / ${JSON.stringify(b)}` });
}
