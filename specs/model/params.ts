import type { InterpretationId } from '../interpretations.ts';
import type { EffectMatch, EffectSubject, ParamEffect, ParamSpec, ParamType, SortBasis } from './types.ts';

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
  str('search[name_matches]', 'antecedent or consequent name', { effect: filter('text', 'matches', { field: 'antecedent_name' }) }),
  str('search[antecedent_name]', 'antecedent name (exact)', { effect: filter('text', 'exact', { field: 'antecedent_name' }) }),
  int('search[id]', 'id', { effect: filter('self', 'id') }),
];

/** Effects of list parameters (ParamSpec.effect), named as the document names them. */
const filter = (subject: EffectSubject, match: EffectMatch, extra: { field?: string; role?: string; hides?: true; reading?: InterpretationId } = {}): ParamEffect => ({ kind: 'filter', subject, match, ...extra });
export const by = {
  /** The user who made the record, by id or exact name; `role` is the document's word for that user. */
  user: (match: 'id' | 'name', role = 'creator', reading?: InterpretationId) => filter('creator', match, { role, ...(reading ? { reading } : {}) }),
  recipient: (match: 'id' | 'name') => filter('recipient', match),
  post: (reading?: InterpretationId) => filter('post', 'id', reading ? { reading } : {}),
  postTags: () => filter('post-tags', 'matches'),
  topic: () => filter('topic', 'id'),
  topicTitle: () => filter('topic-title', 'matches'),
  topicCategory: () => filter('topic-category', 'value'),
  versioned: () => filter('versioned', 'id'),
  self: () => filter('self', 'id'),
  text: (field: string, match: 'exact' | 'matches' | 'pattern' | 'names') => filter('text', match, { field }),
  value: (field: string) => filter('value', 'value', { field }),
  flag: (state: string, reading?: InterpretationId) => filter('flag', 'flag', { field: state, ...(reading ? { reading } : {}) }),
  /** yes leaves out the records not in the state; no lists them all. */
  hiding: (state: string) => filter('flag', 'flag', { field: state, hides: true }),
  level: (bound: 'min' | 'max' | 'eq') => filter('level', bound),
} as const;
export const sortBy = (orders: Readonly<Record<string, SortBasis>>): ParamEffect => ({ kind: 'sort', orders });
export const rule = (what: string): ParamEffect => ({ kind: 'rule', what });
export const unstated = (why: string): ParamEffect => ({ kind: 'unstated', why });
