/**
 * The effects of parameters (ParamSpec.effect) in words, for the OpenAPI descriptions, the catalogue and
 * the coverage table: what a client can observe a parameter do, as the document states it.
 */
import type { ParamEffect } from './types.ts';

const WHOSE: Readonly<Record<string, string>> = {
  recipient: 'the recipient of the dmail',
  post: 'the post the record belongs to',
  'post-tags': 'the tags of the post the record belongs to',
  topic: 'the forum topic of the post',
  'topic-title': "the title of the post's forum topic",
  'topic-category': "the category of the post's forum topic",
  versioned: 'the record the version is of',
  self: "the record's own id",
  level: "the user's level",
};

const HOW: Readonly<Record<string, string>> = {
  id: 'by id',
  name: 'by exact name',
  exact: 'equal to the value (exact)',
  matches: 'matching the value (a word of the field is found)',
  pattern: 'matching the value, `*` as a wildcard',
  names: 'named in the comma-separated list of exact names',
  value: 'with that value of the set',
  flag: 'with that state',
  min: 'at least the value',
  max: 'at most the value',
  eq: 'equal to the value',
};

/** One sentence on what a parameter does. */
export function effectText(effect: ParamEffect): string {
  switch (effect.kind) {
    case 'filter': {
      const whose =
        effect.subject === 'creator' ? `the ${effect.role ?? 'creator'} of the record`
        : effect.subject === 'text' || effect.subject === 'value' ? `its \`${effect.field}\``
        : effect.subject === 'flag' ? `its state \`${effect.field}\``
        : WHOSE[effect.subject]!;
      if (effect.hides) return `Its first value leaves out the records not in the state \`${effect.field}\`; its second lists them all.`;
      if (effect.subject === 'post-tags') return 'Lists only the records whose post carries every tag given (a tag search as on posts, meta-tags aside: INT-meta-tags), and none other.';
      return `Lists only the records whose ${whose} is ${HOW[effect.match]}, and none other.`;
    }
    case 'tags':
      return 'Lists the posts that carry every given tag, and no post that lacks one.';
    case 'sort':
      return `Orders the list: ${Object.entries(effect.orders).map(([v, b]) => `${v} by ${b === 'name' ? 'name' : b === 'creation' ? 'creation' : 'count'}`).join(', ')} (direction not stated).`;
    case 'limit':
      return `At most as many records as asked, and never more than ${effect.max}.`;
    case 'page':
      return 'Selects a page: successive pages neither overlap nor leave a record out.';
    case 'rule':
      return `Its effect is stated as a rule of its own: ${effect.what}.`;
    case 'unstated':
      return `Effect not stated: ${effect.why}.`;
  }
}
