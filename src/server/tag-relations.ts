/**
 * Tag aliases and tag implications: a relation from an antecedent tag to a consequent one, listed with
 * the same three search parameters over each one's own table. No operation creates them: a few are
 * seeded by migration 002.
 */
import type { ResolvedOperation } from '../../specs/model/index.ts';
import type { Row } from './db/index.ts';
import { pagedRows } from './paging.ts';
import type { ApiRecord } from './protocol.ts';
import type { HandlerFactory, ServerEnv } from './registry.ts';
import { param } from './registry.ts';
import { Where, matchesPattern } from './sql.ts';

interface RelationRow extends Row {
  id: number;
  antecedent_name: string;
  consequent_name: string;
  status: string;
  created_at: Date;
  updated_at: Date;
}

function record(r: RelationRow): ApiRecord {
  return {
    id: r.id,
    antecedent_name: r.antecedent_name,
    consequent_name: r.consequent_name,
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The listing of one relation table; `element` names a listed record. */
export function listTagRelations(table: 'tag_aliases' | 'tag_implications', element: string): HandlerFactory {
  return (op: ResolvedOperation, env: ServerEnv) => {
    const NAME = param(op, 'search[name_matches]');
    const ANTECEDENT = param(op, 'search[antecedent_name]');
    const ID = param(op, 'search[id]');
    return async ({ params, raw }) => {
      const w = new Where();
      const name = params.str(NAME);
      if (name !== undefined) {
        const p = w.p(matchesPattern(name));
        w.add(`(antecedent_name ILIKE ${p} OR consequent_name ILIKE ${p})`);
      }
      const antecedent = params.str(ANTECEDENT);
      if (antecedent !== undefined && env.faults.active('tag-aliases-antecedent-not-exact') && table === 'tag_aliases') {
        const p = w.p(matchesPattern(antecedent));
        w.add(`(antecedent_name ILIKE ${p} OR consequent_name ILIKE ${p})`);
      } else if (antecedent !== undefined) w.add(`antecedent_name = ${w.p(antecedent)}`);
      const id = params.int(ID);
      if (id !== undefined) w.add(`id = ${w.p(id)}`);
      const rows = await pagedRows<RelationRow>(env, raw, w, `SELECT * FROM ${table}`, 'id', 'id DESC');
      return { kind: 'list', root: table, element, records: rows.map(record) };
    };
  };
}
