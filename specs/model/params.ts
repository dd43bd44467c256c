import type { ParamSpec, ParamType } from './types.ts';

type Extra = Omit<ParamSpec, 'name' | 'type' | 'description'>;

/** Builds a parameter entry; keeps the operation tables short enough to read against the document. */
export function param(name: string, type: ParamType, description: string, extra: Extra = {}): ParamSpec {
  return { name, type, description, ...extra };
}

export const str = (name: string, description: string, extra: Extra = {}) => param(name, 'string', description, extra);
export const int = (name: string, description: string, extra: Extra = {}) => param(name, 'integer', description, extra);

/** `version_id` REQUIRED, as every revert takes it. */
export const versionId = (what: string) => int('version_id', `${what} version id`, { required: true });

/** The search of the tag alias and tag implication listings: the same three parameters. */
export const tagRelationSearch = (): ParamSpec[] => [
  str('search[name_matches]', 'antecedent or consequent name'),
  str('search[antecedent_name]', 'antecedent name (exact)'),
  int('search[id]', 'id'),
];
