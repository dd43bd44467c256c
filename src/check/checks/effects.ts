/**
 * `effects/<op>/<param>`: every list parameter whose effect the document states (ParamSpec.effect) is
 * observed on records the check makes itself: a record the parameter must list and one it must leave
 * out, both ways; every value of a value set or a state; every value of a sort key. Generated from the
 * model, so a parameter added to specs/model gets its check. Where the API gives no way to make the
 * records a parameter needs, the check is `skip` with that reason (and `conform spec --coverage` says so).
 */
import type { OperationId, ResolvedOperation, ResolvedParam, SortBasis, Variant } from '../../../specs/model/index.ts';
import { OPERATIONS, operationsFor } from '../../../specs/model/index.ts';
import type { RequirementId } from '../../../specs/requirements/index.ts';
import { requirement, requirementIds } from '../../../specs/requirements/index.ts';
import type { Account } from '../accounts.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { recordId } from '../formats.ts';
import { makePost } from '../world.ts';
import { records, succeed, text } from './support/calls.ts';
import type { Facts, Recipe } from './support/recipes.ts';
import { findMade, othersThan, recipeFor, searchesOf, userIdOf } from './support/recipes.ts';
import { expectListSelects } from './support/pages.ts';
import { expectDisjoint } from './support/selection.ts';

/** The short name a call takes (`search[post_id]` -> `post_id`). */
export function shortName(param: string): string {
  return /^search\[([a-z_]+)\]$/.exec(param)?.[1] ?? param;
}

/** A query's fields as a report names them: `a=1 & b=2`. */
function asked(fields: Readonly<Record<string, string | number>>): string {
  return Object.entries(fields).map(([k, v]) => `${k}=${v}`).join(' & ');
}

/** The fields a sort is asked beside, as a report names them: ` beside a=1 beside b=2` (nothing for none). */
function besides(fields: Readonly<Record<string, string | number>>): string {
  return Object.entries(fields).map(([k, v]) => ` beside ${k}=${v}`).join('');
}

async function listed(ctx: CheckContext, op: OperationId, fields: Record<string, string | number>, as?: Account): Promise<number[]> {
  const reply = await succeed(ctx, op, { fields, ...(as ? { as } : {}) }, `${op} with ${JSON.stringify(fields)}`);
  return records(reply, op).map(recordId).filter((x): x is number => x !== undefined);
}

/** The checks whose first query was also asked through the .xml path. */
const askedInXml = new WeakSet<CheckContext>();

/**
 * `include` is listed with `fields` and `exclude` is not, read on as many pages as the target's paging
 * takes to show the check's own records (INT-list-pages).
 */
async function selects(ctx: CheckContext, op: OperationId, fields: Record<string, string | number>, include: readonly number[], exclude: readonly number[], what: string, as?: Account): Promise<void> {
  await expectListSelects(ctx, op, fields, include, exclude, what, as ? { as } : {});
  // Each check's first query again through the .xml path: a list is the same list in either format, and
  // a server whose XML list drops a filter is seen by the check of that filter.
  if (askedInXml.has(ctx)) return;
  askedInXml.add(ctx);
  await expectListSelects(ctx, op, fields, include, exclude, `${what} (XML)`, { ...(as ? { as } : {}), format: 'xml' });
}

function needs(recipe: Recipe | undefined, fact: string, op: OperationId): Recipe {
  if (!recipe || !recipe.varies.includes(fact)) skip(`the API gives no way to make ${op.split('.')[0]} records that differ in ${fact.replace(':', ' ')}, so the parameter's effect cannot be observed on records of this run`);
  return recipe;
}

/** Makes a record, or undefined when the recipe says the API cannot make one so. */
async function tryMake(ctx: CheckContext, recipe: Recipe, facts: Facts): Promise<number | undefined> {
  try {
    return await recipe.make(ctx, facts);
  } catch (err) {
    if ((err as Error).name === 'CheckSkip' && facts.flag) return undefined;
    throw err;
  }
}

/** Two accounts that both may make the records (the actor and the next most privileged). */
function twoMakers(ctx: CheckContext): [Account, Account] {
  const a = ctx.accounts.actor;
  const b = othersThan(ctx, a)[0];
  if (!b) skip('a second account is needed to make records of another user');
  return [a, b];
}

type Run = (ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam) => Promise<void>;

/**
 * The plan of an effect check on records a recipe makes: two records that differ only in the fact under
 * test. Every other fact a server could search by mistake (the post a record belongs to, its other texts,
 * its creator, the other end of a relation) is held equal on both, so a server that reads the wrong field
 * lists both or neither; an exact comparison gets a decoy whose value has the searched value as a prefix;
 * and the filter is asked alone and together with another filter of the list. Pure data, so that
 * test/check/effect-plans.test.ts can hold every generated check to it without a server.
 */
export interface EffectPlan {
  /** The fact the parameter selects by (`creator`, `post`, `text:body`, ...). */
  readonly fact: string;
  /** Each record's facts: fact -> symbol (`x` and `y` the two values of the fact under test, `s` a value all share). */
  readonly records: readonly Readonly<Record<string, Sym>>[];
  readonly queries: readonly PlannedQuery[];
  /** The second value of the fact is the first with more after it (an exact comparison's decoy). */
  readonly prefixDecoy: boolean;
  /**
   * A search by the tags of a record's post is also asked with two tags, in both orders: a third record,
   * on a post that carries record x's post's tag and one of its own, is the only one listed (every tag
   * must match, INT-meta-tags); a server that reads one of the tags only lists record x too.
   */
  readonly severalTags: boolean;
  /**
   * A search of a text that holds several words (a body, a title, a description; a name only where the
   * recipe says its names may, Recipe.severalWords) is also
   * asked with two words joined by ` & `: a record whose text is those words is listed, one whose text
   * shares only the first word is not (INT-matches); a server that reads the first word alone lists both.
   */
  readonly twoWords: boolean;
}

/** Text fields that hold several words, where a `*_matches` search may be given more than one. */
const PROSE_FIELDS: ReadonlySet<string> = new Set(['body', 'title', 'original_title', 'description']);

/**
 * A value of a fact in a plan: `x`, `y` (the fact under test), `s` (shared), or `o`: in a query, the value
 * record 0 holds of a fact no two records may share (Recipe.apart), which each record has one of its own.
 */
export type Sym = 'x' | 'y' | 's' | 'o';

export interface PlannedQuery {
  /** Parameter (as the model names it) -> the fact and symbol its value is. */
  readonly fields: Readonly<Record<string, { readonly fact: string; readonly sym: Sym }>>;
  readonly include: readonly number[];
  readonly exclude: readonly number[];
}

/** The fact of a recipe a filter selects by. */
export function factOf(effect: ResolvedParam['effect']): string | undefined {
  if (effect?.kind !== 'filter') return undefined;
  switch (effect.subject) {
    case 'creator': case 'recipient': return effect.subject;
    case 'post': case 'post-tags': return 'post';
    case 'text': case 'value': return `${effect.subject}:${effect.field}`;
    default: return undefined;
  }
}

/** Facts a recipe makes anew for each record unless told (a post of its own, a unique word): a plan must hold them equal. */
export function perRecord(fact: string): boolean {
  return fact === 'post' || fact.startsWith('text:');
}

/** Facts of which each record can be given a value of its own for a plan's `o`: a text, or a post made for it. */
export function ownable(fact: string): boolean {
  return fact.startsWith('text:') || fact === 'post';
}

/** The filters a plan can set a value of: one fact each, compared by one value. */
function plannable(p: ResolvedParam): boolean {
  return p.effect?.kind === 'filter' && p.effect.match !== 'names' && p.effect.match !== 'pattern' && factOf(p.effect) !== undefined;
}

/** The plan of `p`'s effect check on `op`, or undefined when its records are not made by a recipe. */
export function effectPlan(op: ResolvedOperation, p: ResolvedParam): EffectPlan | undefined {
  const recipe = recipeFor(op.id);
  const fact = factOf(p.effect);
  if (!recipe || !fact || !plannable(p) || !recipe.varies.includes(fact) || op.id.endsWith('_versions.list')) return undefined;
  const effect = p.effect as Extract<ResolvedParam['effect'], { kind: 'filter' }>;
  const filters = op.params.filter(plannable);
  const searchable = new Set(filters.map((x) => factOf(x.effect)!));
  // Held equal: what the recipe would make anew for each record, where the list can search it in this variant.
  // The accounts of a record (its creator; a dmail's other end) are the same account on both.
  const shared = recipe.varies.filter((f) =>
    f !== fact && !(recipe.apart && f in recipe.apart) && (perRecord(f) ? f === 'post' || searchable.has(f) : f === 'creator' || f === 'recipient'));
  const record = (sym: Sym) => Object.fromEntries([[fact, sym], ...shared.map((f) => [f, 's'])]) as Record<string, Sym>;
  const alone = (sym: Sym) => ({ [p.name]: { fact, sym } });
  // Together with each other filter on a shared fact (the records agree on it; a server that drops this
  // filter only in that company lists both), else with another filter of the same fact.
  const onShared = filters.filter((x) => x.name !== p.name && shared.includes(factOf(x.effect)!));
  const sameFact = filters.find((x) => x.name !== p.name && factOf(x.effect) === fact);
  const others = onShared.length > 0 ? onShared : sameFact ? [sameFact] : [];
  const queries: PlannedQuery[] = [
    { fields: alone('x'), include: [0], exclude: [1] },
    { fields: alone('y'), include: [1], exclude: [0] },
  ];
  for (const other of others) {
    const otherFact = factOf(other.effect)!;
    queries.push({ fields: { ...alone('x'), [other.name]: { fact: otherFact, sym: otherFact === fact ? 'x' : 's' } }, include: [0], exclude: [1] });
  }
  // With each other filter of the same account (an id beside a name): both naming record 0's account list
  // it alone; each naming another account lists nothing, where a server that drops either filter in the
  // other's company lists the record of the one it kept.
  if (fact === 'creator' || fact === 'recipient') {
    for (const same of filters.filter((x) => x.name !== p.name && factOf(x.effect) === fact)) {
      if (!others.includes(same)) queries.push({ fields: { ...alone('x'), [same.name]: { fact, sym: 'x' } }, include: [0], exclude: [1] });
      queries.push({ fields: { ...alone('y'), [same.name]: { fact, sym: 'x' } }, include: [], exclude: [0, 1] });
    }
  }
  // With each filter on a fact the records cannot share (a unique name, a post under appeal): record 0's
  // own value of it, and the value of the fact under test that record 0 does not have. Nothing is listed;
  // a server that drops this filter in that company lists record 0.
  for (const other of filters.filter((x) => x.name !== p.name && factOf(x.effect) !== fact && recipe.apart && factOf(x.effect)! in recipe.apart && ownable(factOf(x.effect)!))) {
    queries.push({ fields: { ...alone('y'), [other.name]: { fact: factOf(other.effect)!, sym: 'o' } }, include: [], exclude: [0] });
  }
  const prefixDecoy = effect.match === 'exact' || (effect.match === 'name' && (fact === 'creator' || fact === 'recipient'));
  const twoWords = effect.subject === 'text' && effect.match === 'matches' && (PROSE_FIELDS.has(effect.field ?? '') || (recipe.severalWords ?? []).includes(effect.field ?? ''));
  return { fact, records: [record('x'), record('y')], queries, prefixDecoy, severalTags: effect.subject === 'post-tags', twoWords };
}

/** Two accounts for the values of an account fact: for an exact name, one whose name extends the other's when the accounts have such a pair. */
function accountPair(ctx: CheckContext, prefixDecoy: boolean): [Account, Account] {
  if (prefixDecoy) {
    for (const a of ctx.accounts.usable) {
      const b = ctx.accounts.usable.find((x) => x.name !== a.name && x.name.toLowerCase().startsWith(a.name.toLowerCase()));
      if (b) return [a, b];
    }
  }
  return twoMakers(ctx);
}

/** What a filter of an account is given: the account's id (a filter by id), else its name. */
async function accountValue(ctx: CheckContext, match: string | undefined, account: Account): Promise<string | number> {
  return match === 'id' ? userIdOf(ctx, account) : account.name;
}

/** Runs an effect plan: makes its records with the recipe, binds its symbols and asks its queries. */
async function runPlan(ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam, plan: EffectPlan): Promise<void> {
  const recipe = recipeFor(op.id)!;
  const { fact } = plan;
  const accountFact = fact === 'creator' || fact === 'recipient';
  const [ax, ay] = accountFact ? accountPair(ctx, plan.prefixDecoy) : [ctx.accounts.actor, ctx.accounts.actor];
  // dmails: both messages go to (or come from) a third account.
  const third = plan.records[0]!['recipient'] === 's' || plan.records[0]!['creator'] === 's' && fact === 'recipient' ? othersThan(ctx, ax).find((x) => x.name !== ay.name) : undefined;
  if (op.id === 'dmails.list' && accountFact && !third) skip('three accounts are needed: two senders or recipients, and the other end of both messages');
  const accountOf = (f: string, sym: Sym): Account => (sym === 'x' && f === fact ? ax : sym === 'y' && f === fact ? ay : f === 'recipient' || fact === 'recipient' ? third! : ctx.accounts.actor);
  const posts = new Map<Sym, { id: number; tag: string }>();
  const postOf = async (sym: Sym) => posts.get(sym) ?? posts.set(sym, await makePost(ctx)).get(sym)!;
  const words = new Map<string, string>();
  const wordOf = (f: string, sym: Sym): string => {
    const key = `${f}=${sym}`;
    if (!words.has(key)) {
      const label = f.replace(/^text:/, '').replace(/_/g, '');
      // A body's words end in a letter outside ASCII: a server that decodes a search (or stores a body) as
      // Latin-1 rather than UTF-8 finds nothing.
      words.set(key, f === fact && sym === 'y' && plan.prefixDecoy ? `${wordOf(f, 'x')}_more` : `${ctx.unique(`${sym}${label}`).toLowerCase()}${f === 'text:body' ? 'ü' : ''}`);
    }
    return words.get(key)!;
  };
  const made: number[] = [];
  const madeWith: Facts[] = [];
  /** Texts a record was made with and rewritten from: draft -> final. */
  const rewritten = new Map<string, string>();
  // Facts asked by record 0's own value: each record is given a word of its own for them.
  const own = [...new Set(plan.queries.flatMap((q) => Object.values(q.fields).filter((v) => v.sym === 'o').map((v) => v.fact)))];
  for (const [i, record] of plan.records.entries()) {
    const facts: { -readonly [K in keyof Facts]: Facts[K] } = { except: [...made] };
    const texts: Record<string, string> = {};
    for (const f of own) {
      if (f === 'post') facts.post = i === 0 ? await postOf('o') : await makePost(ctx);
      else texts[f.slice(5)] = i === 0 ? wordOf(f, 'o') : ctx.unique(`o${f.slice(5).replace(/_/g, '')}`).toLowerCase();
    }
    for (const [f, sym] of Object.entries(record)) {
      if (f === 'creator') facts.as = accountOf(f, sym);
      else if (f === 'recipient') facts.to = accountOf(f, sym);
      else if (f === 'post') facts.post = await postOf(sym);
      else if (f.startsWith('text:')) texts[f.slice(5)] = wordOf(f, sym);
      else if (f.startsWith('value:')) facts.value = { field: f.slice(6), value: p.values?.[sym === 'y' ? 1 : 0] ?? '' };
    }
    // By creator, where the recipe can rewrite a record: each record's texts are written last by the other
    // record's creator (drafts first), so a server that reads the updater for the creator lists the wrong one.
    if (fact === 'creator' && recipe.rewrite && ax.name !== ay.name) {
      const finals = { ...texts };
      facts.texts = Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, `${v}_draft`]));
      for (const v of Object.values(texts)) rewritten.set(`${v}_draft`, v);
      const id = await recipe.make(ctx, facts);
      const editor = i === 0 ? ay : ax;
      if (!(await recipe.rewrite(ctx, id, editor, finals)) && !(await recipe.rewrite(ctx, id, facts.as ?? ctx.accounts.actor, finals))) {
        fail(`${op.id.split('.')[0]} ${id} could not be updated by its creator`, { expected: 'a successful update', actual: 'a refusal' });
      }
      made.push(id);
      madeWith.push({ ...facts, texts: finals });
      continue;
    }
    facts.texts = texts;
    // Who lists the records: dmails, the shared other end of both; others, each record's maker.
    if (op.id === 'dmails.list') facts.viewer = fact === 'recipient' ? accountOf('creator', 's') : (third ?? facts.as);
    made.push(await recipe.make(ctx, facts));
    madeWith.push(facts);
  }
  /** The value a query gives parameter `name` for fact `f`'s symbol. */
  const valueFor = async (name: string, f: string, sym: Sym): Promise<string | number> => {
    const param = op.params.find((x) => x.name === name)!;
    const match = param.effect?.kind === 'filter' ? param.effect.match : 'id';
    const bySubject = param.effect?.kind === 'filter' ? param.effect.subject : undefined;
    return f === 'creator' || f === 'recipient' ? accountValue(ctx, match, accountOf(f, sym))
      : f === 'post' ? (bySubject === 'post-tags' ? (await postOf(sym)).tag : (await postOf(sym)).id)
      : f.startsWith('text:') ? wordOf(f, sym)
      : p.values?.[sym === 'y' ? 1 : 0] ?? '';
  };
  for (const q of plan.queries) {
    const fields: Record<string, string | number> = {};
    for (const [name, { fact: f, sym }] of Object.entries(q.fields)) fields[shortName(name)] = await valueFor(name, f, sym);
    // Each user searches for its own records (the family hides some creators from lower levels); dmails, their owner.
    const viewer = op.id === 'dmails.list' ? (fact === 'recipient' ? accountOf('creator', 's') : third) : fact === 'creator' ? (q.include.includes(0) ? ax : ay) : undefined;
    const what = asked(fields);
    await selects(ctx, op.id, fields, q.include.map((i) => made[i]!), q.exclude.map((i) => made[i]!), what, viewer);
  }
  // Beside the search that finds record 0 by its own value (an artist's name, a comment's body), which may
  // be of a kind no plan sets (a rule of its own): record 1's value of the fact lists nothing, record 0's
  // lists it. A server that drops the filter beside that search lists record 0 either way.
  // (Each such search, where record 0 has several: a forum post by its body and by its topic's title.)
  for (const madeAs of op.id === 'dmails.list' ? [] : ownSearches(ctx, op.id, made[0]!)) {
    // A record rewritten after it was made is found by its final texts, not by the drafts it was made with.
    const found = Object.fromEntries(Object.entries(madeAs).map(([k, v]) => [k, typeof v === 'string' ? [...rewritten].reduce((t, [draft, final]) => t.replaceAll(draft, final), v) : v]));
    if (shortName(p.name) in found) continue;
    for (const [sym, listedHere] of [['y', false], ['x', true]] as const) {
      const fields = { ...found, [shortName(p.name)]: await valueFor(p.name, fact, sym) };
      const viewer = fact === 'creator' ? (listedHere ? ax : ay) : undefined;
      await selects(ctx, op.id, fields, listedHere ? [made[0]!] : [], listedHere ? [] : [made[0]!], `${asked(fields)} (record ${made[0]} by its own search)`, viewer);
    }
  }
  if (plan.twoWords) {
    const field = fact.slice(5);
    const [w1, w2, w3] = ['a', 'b', 'c'].map((l) => ctx.unique(`${l}${field.replace(/_/g, '')}`).toLowerCase()) as [string, string, string];
    // Record 0's facts, but for those no two records may share (a unique name, a post), which each makes anew.
    const { post: _post, ...rest } = madeWith[0]!;
    const base = recipe.apart && 'post' in recipe.apart ? rest : madeWith[0]!;
    const texts = Object.fromEntries(Object.entries(base.texts ?? {}).filter(([k]) => !(recipe.apart && `text:${k}` in recipe.apart)));
    // The words joined by an ampersand, as prose joins them: a search of the text as written finds it
    // whether it compares a substring, a pattern or the words (where `&` is no word), and a server that
    // escapes the search as HTML (`&amp;`) finds nothing.
    const both = await recipe.make(ctx, { ...base, texts: { ...texts, [field]: `${w1} & ${w2}` }, except: [...made] });
    const first = await recipe.make(ctx, { ...base, texts: { ...texts, [field]: `${w1} & ${w3}` }, except: [...made, both] });
    await selects(ctx, op.id, { [shortName(p.name)]: `${w1} & ${w2}` }, [both], [first], `${p.name}=${w1} & ${w2} (two words; a record with only the first is left out, INT-matches)`, base.viewer);
  }
  if (plan.severalTags) {
    const px = await postOf('x');
    const both = await makePost(ctx, px.tag);
    const z = await recipe.make(ctx, { ...madeWith[0]!, post: both, except: [...made] });
    for (const tags of [`${px.tag} ${both.tag}`, `${both.tag} ${px.tag}`]) {
      await selects(ctx, op.id, { [shortName(p.name)]: tags }, [z], made, `${p.name}=${tags} (every tag must match, INT-meta-tags)`);
    }
  }
}

/** The search that finds a record a recipe made by its own value, when it is plain fields (no file, no list). */
function ownSearch(ctx: CheckContext, list: OperationId, id: number): Record<string, string | number> | undefined {
  return ownSearches(ctx, list, id)[0];
}

/** Every such search of the record, in plain fields. */
function ownSearches(ctx: CheckContext, list: OperationId, id: number): Record<string, string | number>[] {
  return searchesOf(ctx, list, id).filter((found): found is Record<string, string | number> => Object.values(found).every((v) => typeof v === 'string' || typeof v === 'number'));
}

/** A filter on a fact of records a recipe makes: by its plan; else as each run below does. */
const planned = (fallback: Run): Run => async (ctx, op, p) => {
  const plan = effectPlan(op, p);
  if (plan) return runPlan(ctx, op, p, plan);
  return fallback(ctx, op, p);
};

/** A value of a set: by its plan (two values, in company of the other filters), then every value of the set alone. */
const valueOfSet: Run = async (ctx, op, p) => {
  const plan = effectPlan(op, p);
  if (plan) await runPlan(ctx, op, p, plan);
  await valueField(ctx, op, p);
};

/** A filter by an account or a post whose recipe cannot vary it: not checkable (a recipe that can has a plan). */
const unplanned = (fact: string): Run => async (ctx, op, p) => {
  needs(recipeFor(op.id), fact, op.id);
  throw new Error(`${op.id} ${p.name}: a recipe that varies ${fact} has a plan`);
};
const creator = unplanned('creator');
const recipient = unplanned('recipient');
const onPost = unplanned('post');

const self: Run = async (ctx, op, p) => {
  const recipe = recipeFor(op.id);
  if (!recipe) return ownIds(ctx, op, p);
  const ra = await recipe.make(ctx, {});
  const rb = await recipe.make(ctx, {});
  await selects(ctx, op.id, { [shortName(p.name)]: ra }, [ra], [rb], `${p.name}=${ra}`);
  await selects(ctx, op.id, { [shortName(p.name)]: rb }, [rb], [ra], `${p.name}=${rb}`);
};

/** search[id] where the check cannot make records (users): two records the listing shows. */
async function ownIds(ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam): Promise<void> {
  const reply = await succeed(ctx, op.id, {}, `${op.id} with no search`);
  const shown = records(reply, op.id).filter((r) => recordId(r) !== undefined);
  if (shown.length < 2) skip(`${op.id} lists fewer than two records to tell apart by ${p.name}`);
  const [a, b] = shown.map((r) => recordId(r)!) as [number, number];
  await selects(ctx, op.id, { [shortName(p.name)]: a }, [a], [b], `${p.name}=${a}`);
  await selects(ctx, op.id, { [shortName(p.name)]: b }, [b], [a], `${p.name}=${b}`);
  // Beside a search by a text the records carry (a user's name, an alias's antecedent): record a's id with
  // its own text lists it; with b's, nothing, where no text of a's holds b's (a search of either end).
  const byText = op.params.find((x) => x.name !== p.name && filterOf(x.effect)?.subject === 'text' && filterOf(x.effect)?.match !== 'names' && filterOf(x.effect)?.field !== undefined && filterOf(x.effect)!.field! in shown[0]! && filterOf(x.effect)!.field! in shown[1]!);
  if (!byText) return;
  const field = filterOf(byText.effect)!.field!;
  const [va, vb] = [text(shown[0]![field]!), text(shown[1]![field]!)];
  await selects(ctx, op.id, { [shortName(p.name)]: a, [shortName(byText.name)]: va }, [a], [b], `${p.name}=${a} & ${byText.name}=${va}`);
  if (vb !== '' && !Object.values(shown[0]!).some((v) => v !== null && text(v).toLowerCase().includes(vb.toLowerCase()))) {
    await selects(ctx, op.id, { [shortName(p.name)]: a, [shortName(byText.name)]: vb }, [], [a, b], `${p.name}=${a} & ${byText.name}=${vb}`);
  }
}

const textField: Run = async (ctx, op, p) => {
  const effect = p.effect!;
  if (effect.kind !== 'filter' || !effect.field) throw new Error(`${op.id} ${p.name}: a text effect names its field`);
  if (op.id === 'users.list') return userNames(ctx, op, p);
  if (!recipeFor(op.id)) return existingTexts(ctx, op, p, effect.field);
  const recipe = needs(recipeFor(op.id), `text:${effect.field}`, op.id);
  const label = (x: string) => `${x}${effect.field!.replace(/_/g, '')}`;
  const words = [ctx.unique(label('a')).toLowerCase(), ctx.unique(label('b')).toLowerCase(), ctx.unique(label('c')).toLowerCase()];
  // An exact match is told from a substring match by a record whose field only contains the value: of a
  // list of exact names, the third record's name starts with the first.
  if (effect.match === 'exact') words[1] = `${words[0]}_more`;
  if (effect.match === 'names') words[2] = `${words[0]}_more`;
  const made: number[] = [];
  for (const value of words.slice(0, effect.match === 'names' ? 3 : 2)) made.push(await recipe.make(ctx, { text: { field: effect.field, value } }));
  if (effect.match === 'names') {
    // In neither sorted nor the order made: a server must read the list, not a range or its first name.
    const list = `${words[1]},${words[0]}`;
    await selects(ctx, op.id, { [shortName(p.name)]: list }, [made[0]!, made[1]!], [made[2]!], `${p.name}=${list}`);
    // And one name alone, whose record is the only one listed.
    await selects(ctx, op.id, { [shortName(p.name)]: words[0]! }, [made[0]!], [made[1]!, made[2]!], `${p.name}=${words[0]}`);
    return;
  }
  await selects(ctx, op.id, { [shortName(p.name)]: words[0]! }, [made[0]!], [made[1]!], `${p.name}=${words[0]}`);
  await selects(ctx, op.id, { [shortName(p.name)]: words[1]! }, [made[1]!], [made[0]!], `${p.name}=${words[1]}`);
};

/** A `*` pattern as a regular expression (case-insensitive, as user names compare). */
function glob(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');
}

/** Users cannot be made: the run's accounts, found by exact name and by a `*` pattern. */
async function userNames(ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam): Promise<void> {
  const accounts = ctx.accounts.usable;
  if (accounts.length < 2) skip('two accounts are needed');
  const [a, b] = accounts as [Account, Account];
  const [ia, ib] = [await userIdOf(ctx, a), await userIdOf(ctx, b)];
  await selects(ctx, op.id, { [shortName(p.name)]: a.name }, [ia], [ib], `${p.name}=${a.name}`);
  const pattern = `${a.name.slice(0, Math.max(1, a.name.length - 2))}*`;
  const outside = accounts.filter((x) => !glob(pattern).test(x.name));
  const outsideIds = await Promise.all(outside.slice(0, 2).map((x) => userIdOf(ctx, x)));
  await selects(ctx, op.id, { [shortName(p.name)]: pattern }, [ia], outsideIds, `${p.name}=${pattern}`);
}

/**
 * Listings the API gives no way to fill (tag aliases and implications): two records the target already
 * has, each found by its own value and not by the other's. Fewer than two: not checkable on this target.
 * An exact comparison is also asked for a value found only at the other end of a relation (the consequent
 * of an alias, for search[antecedent_name]): a server that searches both ends lists that record.
 */
async function existingTexts(ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam, field: string): Promise<void> {
  const all = records(await succeed(ctx, op.id, { fields: {} }, op.id), op.id);
  const usable = all.filter((r) => recordId(r) !== undefined && typeof r[field] === 'string' && text(r[field]!) !== '');
  const distinct = usable.filter((r, i) => usable.findIndex((x) => text(x[field]!) === text(r[field]!)) === i);
  const [a, b] = distinct;
  if (!a || !b) skip(`the target lists fewer than two ${op.id.split('.')[0]} with a ${field}, and the API gives no way to make one`);
  const exact = p.effect?.kind === 'filter' && p.effect.match === 'exact';
  const valueOf = (r: (typeof usable)[number], f: string) => (typeof r[f] === 'string' ? text(r[f]!).toLowerCase() : undefined);
  // Exact (case aside, INT-exact-case): every record read whose value is another is left out; a match, only those that do not contain the value.
  const split = (value: string) => {
    const v = value.toLowerCase();
    const include = usable.filter((r) => text(r[field]!) === value).map((r) => recordId(r)!);
    // A match may read either end of a relation (name_matches: "antecedent or consequent name"): only a record with the value at neither is left out.
    const exclude = usable.filter((r) => (exact ? valueOf(r, field) !== v : ![field, OTHER_END[field]].some((f) => f !== undefined && valueOf(r, f)?.includes(v)))).map((r) => recordId(r)!);
    return { include, exclude };
  };
  // An exact comparison is also asked of a value another record's value starts with (a prefix decoy the
  // target happens to hold): a server that compares prefixes lists that record.
  const prefixed = exact ? usable.filter((r) => usable.some((x) => valueOf(x, field) !== valueOf(r, field) && (valueOf(x, field) ?? '').startsWith(valueOf(r, field) ?? '\u0000'))).slice(0, 2) : [];
  // Each value the target holds (up to eight): a relation followed on from one record (a chain of
  // implications, a -> b and b -> c) shows only where the value starts one.
  const asked = distinct.slice(0, 8);
  for (const mine of [...asked, ...prefixed.filter((r) => !asked.includes(r))]) {
    const value = text(mine[field]!);
    const { include, exclude } = split(value);
    await selects(ctx, op.id, { [shortName(p.name)]: value }, include, exclude, `${p.name}=${value}`);
  }
  const otherEnd = OTHER_END[field];
  if (!exact && otherEnd) {
    // A match reads either end ("antecedent or consequent name"): a record is found by its other end too.
    const far = usable.find((r) => (valueOf(r, otherEnd) ?? '') !== '' && valueOf(r, otherEnd) !== valueOf(r, field));
    if (far) {
      const value = text(far[otherEnd]!);
      await selects(ctx, op.id, { [shortName(p.name)]: value }, [recordId(far)!], split(value).exclude, `${p.name}=${value} (the ${otherEnd} of ${op.id.split('.')[0]} ${recordId(far)})`);
    }
  }
  if (!exact || !otherEnd) return;
  // Each such value (up to three): one of them may also begin another record's value, which a prefix comparison lists.
  const across = usable.filter((r) => {
    const v = valueOf(r, otherEnd);
    return v !== undefined && v !== '' && !usable.some((x) => valueOf(x, field) === v);
  });
  for (const r of across.filter((x, i) => across.findIndex((y) => valueOf(y, otherEnd) === valueOf(x, otherEnd)) === i).slice(0, 3)) {
    const value = text(r[otherEnd]!);
    const { include, exclude } = split(value);
    await selects(ctx, op.id, { [shortName(p.name)]: value }, include, exclude, `${p.name}=${value} (the ${otherEnd} of ${op.id.split('.')[0]} ${recordId(r)})`);
  }
}

/** The field at the other end of a relation, which a search of one end must not read. */
const OTHER_END: Readonly<Record<string, string>> = { antecedent_name: 'consequent_name' };

/**
 * Forum posts by their topic: two topics of their own, with different titles and (A) categories, each
 * first post found by its topic. The first post of each topic carries the other topic's title in its
 * body (by title) or a word both share (otherwise): a server that searches the posts' bodies instead of
 * their topics lists the wrong post, or both.
 */
const topic: Run = async (ctx, op, p) => {
  const effect = p.effect!;
  if (effect.kind !== 'filter') return;
  const topics = recipeFor('forum_topics.list')!;
  const categories = ctx.target.operation('forum_topics.create').params.find((x) => x.name.endsWith('[category_id]'))?.values;
  if (effect.subject === 'topic-category' && !categories) skip(`${p.name}: the forum categories do not exist in ${ctx.variant}`);
  const titles = [ctx.unique('ta').toLowerCase(), ctx.unique('tb').toLowerCase()];
  const shared = ctx.unique('tbody').toLowerCase();
  const made: number[] = [];
  for (const [i, title] of titles.entries()) {
    const body = effect.subject === 'topic-title' ? titles[1 - i]! : shared;
    made.push(await topics.make(ctx, { text: { field: 'title', value: title }, texts: { body }, except: [...made], ...(categories ? { value: { field: 'category_id', value: categories[i]! } } : {}) }));
  }
  const values = effect.subject === 'topic' ? made : effect.subject === 'topic-title' ? titles : categories!;
  /**
   * Beside a search of the posts' bodies: the body of the first post of topic i's with topic i's value
   * lists it; of a search by title, whose first posts carry the other topic's title, topic i's title as
   * the body lists nothing. A server that drops this filter beside the body's lists the other topic's post.
   */
  const besideBody = async (posts: readonly (readonly number[])[]) => {
    const byBody = op.params.find((x) => x.name !== p.name && filterOf(x.effect)?.subject === 'text' && filterOf(x.effect)?.field === 'body');
    if (!byBody) return;
    for (const i of [0, 1]) {
      const byTitle = effect.subject === 'topic-title';
      const fields = { [shortName(p.name)]: values[i]!, [shortName(byBody.name)]: byTitle ? titles[i]! : shared };
      await selects(ctx, op.id, fields, byTitle ? [] : posts[i]!, byTitle ? [...posts[0]!, ...posts[1]!] : posts[1 - i]!, `${p.name}=${values[i]} & ${byBody.name}=${fields[shortName(byBody.name)]}`);
    }
  };
  if (effect.subject === 'topic') {
    const lists = [];
    for (const value of values.slice(0, 2)) lists.push(await listed(ctx, op.id, { [shortName(p.name)]: value }));
    expectDisjoint(lists[0]!, lists[1]!, `${p.name}=${values[0]} and =${values[1]}`);
    await besideBody(lists);
    await topicWithCreator(ctx, op, p, made[0]!, lists[0]!, lists[1]!);
    return;
  }
  // Each topic's posts, by the topic (its own check proves search[topic_id]).
  const posts = [await listed(ctx, op.id, { topic_id: made[0]! }), await listed(ctx, op.id, { topic_id: made[1]! })];
  if (posts[0]!.length === 0 || posts[1]!.length === 0) skip(`the first posts of the topics ${made.join(' and ')} are not listed by search[topic_id]`);
  for (const i of [0, 1]) await selects(ctx, op.id, { [shortName(p.name)]: values[i]! }, posts[i]!, posts[1 - i]!, `${p.name}=${values[i]}`);
  await besideBody(posts);
  // Beside the other filter by topic (a category with a title): one topic's value of each lists nothing;
  // a server that drops this filter in that company lists the posts of the topic the other names.
  const partner = op.params.find((x) => x.name !== p.name && (filterOf(x.effect)?.subject === 'topic-title' || filterOf(x.effect)?.subject === 'topic-category'));
  if (!partner || !categories) return;
  const partnerValues = filterOf(partner.effect)!.subject === 'topic-title' ? titles : categories;
  for (const i of [0, 1]) {
    const fields = { [shortName(p.name)]: values[i]!, [shortName(partner.name)]: partnerValues[1 - i]! };
    await selects(ctx, op.id, fields, [], [...posts[0]!, ...posts[1]!], `${p.name}=${values[i]} & ${partner.name}=${partnerValues[1 - i]}`);
  }
};

/**
 * A topic's posts together with who wrote them (by name, and by id): a topic of another account beside the
 * check's own two, and each topic asked with each author lists the author's first post of it only (a server that drops one
 * filter in the other's company lists a post of the other author, or of the author's other topic). Posts are made through topics only
 * (INT-forum-post-topic).
 */
async function topicWithCreator(ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam, mineTopic: number, ofMine: readonly number[], mineElsewhere: readonly number[]): Promise<void> {
  // Each filter of the author: by name and by id.
  const byAuthor = op.params.filter((x) => filterOf(x.effect)?.subject === 'creator' && (filterOf(x.effect)?.match === 'name' || filterOf(x.effect)?.match === 'id'));
  if (byAuthor.length === 0) return;
  const [mine, other] = twoMakers(ctx);
  const title = ctx.unique('tc').toLowerCase();
  const otherTopic = await recipeFor('forum_topics.list')!.make(ctx, { as: other, text: { field: 'title', value: title }, except: [mineTopic] });
  const ofOther = await listed(ctx, op.id, { [shortName(p.name)]: otherTopic });
  if (ofOther.length === 0) skip(`the first post of the forum topic ${otherTopic} is not listed by ${p.name}`);
  const key = shortName(p.name);
  for (const byParam of byAuthor) {
    const by = shortName(byParam.name);
    const valueOf = (a: Account) => accountValue(ctx, filterOf(byParam.effect)?.match, a);
    // The author's posts of another topic are left out too: a server that drops the topic in the author's company lists them.
    for (const [topicId, posts, author, stranger, elsewhere] of [[mineTopic, ofMine, mine, other, mineElsewhere], [otherTopic, ofOther, other, mine, []]] as const) {
      const [authorValue, strangerValue] = [await valueOf(author), await valueOf(stranger)];
      await selects(ctx, op.id, { [key]: topicId, [by]: authorValue }, posts, elsewhere, `${p.name}=${topicId} & ${byParam.name}=${authorValue}`, author);
      await selects(ctx, op.id, { [key]: topicId, [by]: strangerValue }, [], posts, `${p.name}=${topicId} & ${byParam.name}=${strangerValue}`, stranger);
    }
  }
}

const valueField: Run = async (ctx, op, p) => {
  const effect = p.effect!;
  if (effect.kind !== 'filter' || !effect.field || !p.values) throw new Error(`${op.id} ${p.name}: a value effect names its field and its set`);
  const recipe = needs(recipeFor(op.id), `value:${effect.field}`, op.id);
  const made = new Map<string, number>();
  for (const value of p.values) made.set(value, await recipe.make(ctx, { value: { field: effect.field, value } }));
  for (const [value, id] of made) {
    await selects(ctx, op.id, { [shortName(p.name)]: value }, [id], [...made].filter(([v]) => v !== value).map(([, x]) => x), `${p.name}=${value}`);
  }
};

/** The value of a state filter that selects records in the state (`true`, `yes`), and the one that selects the others. */
function stateValues(p: ResolvedParam): { on: string; off?: string } {
  const values = p.values ?? ['true'];
  return { on: values[0]!, ...(values[1] !== undefined ? { off: values[1] } : {}) };
}

const flag: Run = async (ctx, op, p) => {
  const effect = p.effect!;
  if (effect.kind !== 'filter' || !effect.field) throw new Error(`${op.id} ${p.name}: a state effect names its state`);
  const state = effect.field;
  const recipe = needs(recipeFor(op.id), `flag:${state}`, op.id);
  // Dmails: `read` is the recipient's; the recipient lists its copy.
  const to = op.id === 'dmails.list' ? othersThan(ctx, ctx.accounts.actor)[0] : undefined;
  const who = to ? { to, viewer: to } : {};
  const on = await tryMake(ctx, recipe, { ...who, flag: { state, on: true } });
  const off = await tryMake(ctx, recipe, { ...who, flag: { state, on: false } });
  if (on === undefined && off === undefined) skip(`no record in either state of ${state} can be made`);
  // Where no record out of the state can be made (an artist in A is made active), a second record in it:
  // beside the first's own search, the state's value lists the first and not the second.
  const twin = off === undefined && on !== undefined && !effect.hides ? await tryMake(ctx, recipe, { ...who, flag: { state, on: true } }) : undefined;
  const values = stateValues(p);
  const list = (value: string, include: readonly number[], exclude: readonly number[]) => selects(ctx, op.id, { [shortName(p.name)]: value }, include, exclude, `${p.name}=${value}`, to);
  const inState = [on].filter((x): x is number => x !== undefined);
  const outOfState = [off].filter((x): x is number => x !== undefined);
  await list(values.on, inState, outOfState);
  if (values.off !== undefined) {
    // A hiding state (hide_empty): its second value lists every record.
    if (effect.hides) await list(values.off, [...inState, ...outOfState], []);
    else await list(values.off, outOfState, inState);
  }
  // Beside search[id] naming a record: the value that leaves it out lists nothing, not even the other
  // record, which that value takes in (a server that drops the id in that company lists it).
  const byId = byIdBeside(op, p);
  if (byId && !effect.hides) {
    for (const [id, wrong, other] of [[outOfState[0], values.on, inState[0]], [inState[0], values.off, outOfState[0]]] as const) {
      if (id !== undefined && wrong !== undefined) await selects(ctx, op.id, { [shortName(p.name)]: wrong, [shortName(byId.name)]: id }, [], other === undefined ? [id] : [id, other], `${p.name}=${wrong} & ${byId.name}=${id}`, to);
    }
  }
  // Beside the search that finds each record by its own value (an artist's name, a note's word, a tag's
  // name). A hiding state (hide_empty): the record out of the state is hidden by the one value and listed
  // by the other, the record in it listed by both. Any other state: the value that leaves a record out
  // lists nothing (neither it nor the other record, which that value takes in), the one that takes it in
  // lists it (and not the second record in the state, where there is one).
  for (const [id, right, wrong, other] of [[inState[0], values.on, values.off, outOfState[0]], [outOfState[0], values.off, values.on, inState[0]]] as const) {
    const own = id === undefined ? undefined : ownSearch(ctx, op.id, id);
    if (!own || id === undefined || shortName(p.name) in own) continue;
    const beside = (value: string) => ({ ...own, [shortName(p.name)]: value });
    const what = (value: string) => `${p.name}=${value} & ${JSON.stringify(own)}`;
    if (effect.hides) {
      const hidden = id === outOfState[0];
      await selects(ctx, op.id, beside(values.on), hidden ? [] : [id], hidden ? [id] : [], what(values.on), to);
      if (values.off !== undefined) await selects(ctx, op.id, beside(values.off), [id], [], what(values.off), to);
      continue;
    }
    if (wrong !== undefined) await selects(ctx, op.id, beside(wrong), [], other === undefined ? [id] : [id, other], what(wrong), to);
    if (right !== undefined) await selects(ctx, op.id, beside(right), [id], id === inState[0] && twin !== undefined ? [twin] : [], what(right), to);
  }
  // Together with a filter by who made both records (the run's actor): a server that drops the state
  // filter in that company lists both records, one that drops the other filter is not told apart here.
  const byMaker = op.params.find((x) => x.name !== p.name && filterOf(x.effect)?.subject === 'creator' && (filterOf(x.effect)?.match === 'name' || filterOf(x.effect)?.match === 'id'));
  if (!byMaker || effect.hides) return;
  const maker = await accountValue(ctx, filterOf(byMaker.effect)?.match, ctx.accounts.actor);
  await selects(ctx, op.id, { [shortName(p.name)]: values.on, [shortName(byMaker.name)]: maker }, inState, outOfState, `${p.name}=${values.on} & ${byMaker.name}=${maker}`, to);
  if (values.off !== undefined) await selects(ctx, op.id, { [shortName(p.name)]: values.off, [shortName(byMaker.name)]: maker }, outOfState, inState, `${p.name}=${values.off} & ${byMaker.name}=${maker}`, to);
};

/** Users cannot be made: the accounts of the run, each narrowed by its name, are selected by level. */
const level: Run = async (ctx, op, p) => {
  const effect = p.effect!;
  if (effect.kind !== 'filter') return;
  const levels = [...new Set(ctx.accounts.usable.map((a) => a.level))].sort((x, y) => x - y);
  if (levels.length < 2) skip('accounts of two levels are needed');
  const low = ctx.accounts.usable.find((a) => a.level === levels[0])!;
  const high = ctx.accounts.usable.find((a) => a.level === levels[levels.length - 1])!;
  const key = shortName(p.name);
  const probe = async (who: Account, value: number, wanted: boolean, also: Record<string, number> = {}) => {
    const id = await userIdOf(ctx, who);
    const extra = Object.entries(also).map(([k, v]) => ` and ${k}=${v}`).join('');
    await selects(ctx, op.id, { name: who.name, [key]: value, ...also }, wanted ? [id] : [], wanted ? [] : [id], `${p.name}=${value}${extra} with search[name]=${who.name} (level ${who.level})`);
  };
  // The account p must leave out, and p's value that does so.
  const [out, value]: [Account, number] = effect.match === 'max' ? [high, low.level] : [low, high.level];
  await probe(effect.match === 'max' ? low : high, effect.match === 'max' ? low.level : high.level, true);
  await probe(out, value, false);
  // A bound is a bound, not a level: the account past it on the inside is listed too (min at the low
  // level lists the high account; max at the high level lists the low one).
  if (effect.match === 'min' || effect.match === 'max') await probe(effect.match === 'max' ? low : high, effect.match === 'max' ? high.level : low.level, true);
  // With every other filter by level, set so that it alone would list that account (a min with a max, a
  // level with either bound): a server that drops p only in that company lists it.
  for (const other of op.params.filter((x) => x.name !== p.name && x.effect?.kind === 'filter' && x.effect.subject === 'level')) {
    await probe(out, value, false, { [shortName(other.name)]: out.level });
  }
  // A level is every level of the variant's table, not the lowest and the highest only: each account is
  // listed by its own.
  if (effect.match === 'eq') {
    for (const level of levels.slice(1, -1)) await probe(ctx.accounts.usable.find((a) => a.level === level)!, level, true);
  }
  // Beside search[id] rather than the name: the account p leaves out, named by its id, lists nothing.
  const byId = byIdBeside(op, p);
  if (byId) {
    const id = await userIdOf(ctx, out);
    await selects(ctx, op.id, { [shortName(byId.name)]: id, [key]: value }, [], [id], `${p.name}=${value} with ${byId.name}=${id} (${out.name}, level ${out.level})`);
  }
};

/** Version listings: versions made for two different values; each value lists versions, and none of the other's. */
interface VersionMaker {
  readonly varies: readonly string[];
  /** Makes a record with a version (or more) under these facts; returns the id of the record versioned. */
  make(ctx: CheckContext, facts: Facts): Promise<number>;
}

const edit = (op: OperationId, fields: (ctx: CheckContext) => Record<string, string>) => async (ctx: CheckContext, id: number, as?: Account) => {
  await succeed(ctx, op, { path: { id }, fields: fields(ctx), ...(as ? { as } : {}) }, `an update of ${op.split('.')[0]} ${id}`);
};

const made = (list: OperationId) => recipeFor(list)!;

const VERSIONS: Partial<Record<OperationId, VersionMaker>> = {
  'post_versions.list': {
    varies: ['creator', 'post'],
    async make(ctx, facts) {
      const post = facts.post ?? (await makePost(ctx));
      await edit('posts.update', (c) => ({ tag_string: `${post.tag} ${c.unique('v').toLowerCase()}` }))(ctx, post.id, facts.as);
      return post.id;
    },
  },
  'note_versions.list': {
    varies: ['creator', 'post', 'versioned'],
    async make(ctx, facts) {
      const id = await made('notes.list').make(ctx, facts);
      await edit('notes.update', (c) => ({ body: c.unique('v') }))(ctx, id, facts.editor ?? facts.as);
      return id;
    },
  },
  'pool_versions.list': {
    varies: ['creator', 'versioned'],
    async make(ctx, facts) {
      const id = await made('pools.list').make(ctx, facts);
      await edit('pools.update', (c) => ({ description: c.unique('v') }))(ctx, id, facts.editor ?? facts.as);
      return id;
    },
  },
  'artist_versions.list': {
    varies: ['creator', 'versioned', 'text:name', 'flag:is_active', 'flag:is_banned'],
    async make(ctx, facts) {
      const name = facts.text?.value ?? ctx.unique('artist').toLowerCase();
      const reply = await succeed(ctx, 'artists.create', { fields: { name }, ...(facts.as ? { as: facts.as } : {}) }, 'an artist');
      const id = reply.createdId() ?? (await findMade(ctx, 'artists.list', { name: `name:${name}` }, name, 'an artist', facts.as));
      await edit('artists.update', (c) => ({ group_name: c.unique('v').toLowerCase() }))(ctx, id, facts.editor ?? facts.as);
      return id;
    },
  },
  'artist_commentary_versions.list': {
    varies: ['creator', 'post'],
    async make(ctx, facts) {
      const post = facts.post ?? (await makePost(ctx));
      for (const label of ['v1', 'v2']) {
        await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, original_title: ctx.unique(label) }, ...(facts.as ? { as: facts.as } : {}) }, 'an artist commentary');
      }
      return post.id;
    },
  },
};

/** The field a version record names the subject with, when it carries one (INT-record-fields). */
function subjectField(op: ResolvedOperation, p: ResolvedParam): string | undefined {
  const short = shortName(p.name);
  return /_(id|name)$/.test(short) ? short : undefined;
}

const versions: Run = async (ctx, op, p) => {
  const maker = VERSIONS[op.id];
  const effect = p.effect!;
  if (effect.kind !== 'filter') return;
  const fact = effect.subject === 'text' || effect.subject === 'flag' ? `${effect.subject}:${effect.field}` : effect.subject === 'post-tags' ? 'post' : effect.subject;
  if (!maker || !maker.varies.includes(fact)) skip(`the API gives no way to make ${op.id.split('.')[0]} that differ in ${fact.replace(':', ' ')}`);
  const key = shortName(p.name);
  if (effect.subject === 'flag') {
    // A new artist is active and not banned: its versions are listed with that state and not with the other,
    // and none of a second new artist's, in the same state (a server that drops the artist's id in the
    // state's company lists them).
    const id = await maker.make(ctx, {});
    const second = await maker.make(ctx, {});
    const state = effect.field === 'is_active';
    const [on, off] = (p.values ?? ['true', 'false']) as [string, string];
    const artistKey = 'artist_id';
    const inState = await listed(ctx, op.id, { [artistKey]: id, [key]: state ? on : off });
    const outOfState = await listed(ctx, op.id, { [artistKey]: id, [key]: state ? off : on });
    if (inState.length === 0) fail(`${p.name}=${state ? on : off} lists no version of the new artist ${id}`, { expected: 'its versions', actual: '[]' });
    if (outOfState.length > 0) fail(`${p.name}=${state ? off : on} lists versions ${JSON.stringify(outOfState)} of the new artist ${id}, which is ${state ? 'active' : 'not banned'}`, { expected: '[]', actual: JSON.stringify(outOfState) });
    const seconds = await listed(ctx, op.id, { [artistKey]: second });
    const mixed = inState.filter((v) => seconds.includes(v));
    if (mixed.length > 0) fail(`${p.name}=${state ? on : off} with ${artistKey}=${id} lists versions ${JSON.stringify(mixed)} of artist ${second}`, { expected: `versions of artist ${id} only`, actual: JSON.stringify(inState) });
    return;
  }
  let values: [string | number, string | number];
  if (effect.subject === 'creator') {
    // Each record made by one account and edited by the other: a server that takes a record's creator for
    // the updater of each of its versions lists versions of both under either.
    const [a, b] = twoMakers(ctx);
    await maker.make(ctx, { as: a, editor: b });
    await maker.make(ctx, { as: b, editor: a });
    values = effect.match === 'id' ? [await userIdOf(ctx, a), await userIdOf(ctx, b)] : [a.name, b.name];
  } else if (effect.subject === 'post') {
    const [pa, pb] = [await makePost(ctx), await makePost(ctx)];
    await maker.make(ctx, { post: pa });
    await maker.make(ctx, { post: pb });
    values = [pa.id, pb.id];
  } else if (effect.subject === 'text') {
    const words = [ctx.unique('a').toLowerCase(), ctx.unique('b').toLowerCase()] as const;
    for (const value of words) await maker.make(ctx, { text: { field: effect.field!, value } });
    values = [words[0], words[1]];
  } else {
    values = [await maker.make(ctx, {}), await maker.make(ctx, {})];
  }
  const field = subjectField(op, p);
  const lists: number[][] = [];
  for (const value of values) {
    const reply = await succeed(ctx, op.id, { fields: { [key]: value } }, `${op.id} with ${key}=${value}`);
    const listedRecords = records(reply, op.id);
    if (field) {
      const wrong = listedRecords.filter((r) => field in r && text(r[field]!).toLowerCase() !== String(value).toLowerCase());
      if (wrong.length > 0) fail(`${p.name}=${value} lists versions whose ${field} is ${text(wrong[0]![field]!)}`, { expected: `${field} ${value} only`, actual: wrong.map((r) => text(r[field]!)).join(', ') });
    }
    lists.push(listedRecords.map(recordId).filter((x): x is number => x !== undefined));
  }
  expectDisjoint(lists[0]!, lists[1]!, `${p.name}=${values[0]} and =${values[1]}`);
  await versionsTogether(ctx, op, p, maker);
  await recordWithItsPost(ctx, op, p, maker);
};

/**
 * A version listing by the record (note_id) together with its post (post_id): two records on one post, each
 * asked with the post, list versions, none in common (a server that drops the record in the post's company
 * lists both); and a record asked with a post it is not on lists nothing (one that drops the post lists it).
 */
async function recordWithItsPost(ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam, maker: VersionMaker): Promise<void> {
  const versioned = op.params.find((x) => filterOf(x.effect)?.subject === 'versioned');
  const byPost = op.params.find((x) => filterOf(x.effect)?.subject === 'post');
  if (!versioned || !byPost || (p !== versioned && p !== byPost) || !maker.varies.includes('post')) return;
  const [rk, pk] = [shortName(versioned.name), shortName(byPost.name)];
  const post = await makePost(ctx);
  const [a, b] = [await maker.make(ctx, { post }), await maker.make(ctx, { post })];
  const lists: number[][] = [];
  for (const id of [a, b]) {
    const ids = await listed(ctx, op.id, { [rk]: id, [pk]: post.id });
    if (ids.length === 0) fail(`${op.id} with ${rk}=${id} & ${pk}=${post.id} lists no version, though the check made one`, { expected: 'the version made', actual: '[]' });
    lists.push(ids);
  }
  expectDisjoint(lists[0]!, lists[1]!, `${rk}=${a} & ${pk}=${post.id} and ${rk}=${b} & ${pk}=${post.id}`);
  const elsewhere = await makePost(ctx);
  await selects(ctx, op.id, { [rk]: a, [pk]: elsewhere.id }, [], lists[0]!, `${rk}=${a} & ${pk}=${elsewhere.id} (a post it is not on)`);
}

type FilterEffect = Extract<ResolvedParam['effect'], { kind: 'filter' }>;
/** The list's search[id] (a filter of records by their own id), other than `p`. */
const byIdBeside = (op: ResolvedOperation, p: ResolvedParam): ResolvedParam | undefined => op.params.find((x) => x.name !== p.name && filterOf(x.effect)?.subject === 'self');
const filterOf = (e: ResolvedParam['effect']): FilterEffect | undefined => (e?.kind === 'filter' ? e : undefined);
const isUpdater = (e: ResolvedParam['effect']): boolean => filterOf(e)?.subject === 'creator';
const isSubject = (e: ResolvedParam['effect']): boolean => filterOf(e)?.subject === 'post' || filterOf(e)?.subject === 'versioned';

/**
 * A version listing's filter together with the other kind (who made the version, and what it is of, or
 * its name): a server that drops one of them only in the other's company lists versions of another
 * record, or by another account. Two lists that differ only in the filter under test must each list
 * versions, and none in common.
 */
async function versionsTogether(ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam, maker: VersionMaker): Promise<void> {
  const byText = filterOf(p.effect)?.subject === 'text';
  // Each partner in turn (by id and by name): a server may drop the filter beside one of them only.
  const partners = op.params.filter((x) => x.name !== p.name && (isUpdater(p.effect) ? isSubject(x.effect) : (isSubject(p.effect) || byText) && isUpdater(x.effect)));
  for (const partner of partners) await versionsBeside(ctx, op, p, partner, maker, byText);
}

async function versionsBeside(ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam, partner: ResolvedParam, maker: VersionMaker, byText: boolean): Promise<void> {
  const key = shortName(p.name);
  const other = shortName(partner.name);
  let pairs: [Record<string, string | number>, Record<string, string | number>];
  if (isUpdater(p.effect)) {
    // Two accounts' versions of one record: of a post versioned by each, or of a record one account
    // made and the other edited.
    const [a, b] = twoMakers(ctx);
    let subject: number;
    if (filterOf(partner.effect)?.subject === 'post' && maker.varies.includes('post')) {
      const post = await makePost(ctx);
      await maker.make(ctx, { as: a, post });
      await maker.make(ctx, { as: b, post });
      subject = post.id;
    } else if (filterOf(partner.effect)?.subject === 'versioned' && maker.varies.includes('versioned')) {
      subject = await maker.make(ctx, { as: a, editor: b });
    } else return;
    pairs = [
      { [key]: await accountValue(ctx, filterOf(p.effect)!.match, a), [other]: subject },
      { [key]: await accountValue(ctx, filterOf(p.effect)!.match, b), [other]: subject },
    ];
  } else {
    // One account's versions of two records (of two names, for a search by name).
    const a = ctx.accounts.actor;
    const subject = filterOf(p.effect)?.subject;
    const values: (string | number)[] = [];
    for (let i = 0; i < 2; i++) {
      if (byText) {
        const word = ctx.unique(`t${i}`).toLowerCase();
        await maker.make(ctx, { as: a, text: { field: filterOf(p.effect)!.field!, value: word } });
        values.push(word);
      } else if (subject === 'post') {
        const post = await makePost(ctx);
        await maker.make(ctx, { as: a, post });
        values.push(post.id);
      } else values.push(await maker.make(ctx, { as: a }));
    }
    const who = await accountValue(ctx, filterOf(partner.effect)!.match, a);
    pairs = [{ [key]: values[0]!, [other]: who }, { [key]: values[1]!, [other]: who }];
  }
  const lists: number[][] = [];
  for (const fields of pairs) {
    const ids = await listed(ctx, op.id, fields);
    if (ids.length === 0) fail(`${op.id} with ${JSON.stringify(fields)} lists no version, though the check made one`, { expected: 'the version made', actual: '[]' });
    lists.push(ids);
  }
  expectDisjoint(lists[0]!, lists[1]!, `${JSON.stringify(pairs[0])} and ${JSON.stringify(pairs[1])}`);
}

const RUNS: Readonly<Record<string, Run>> = {
  creator: planned(creator), recipient: planned(recipient), post: planned(onPost), 'post-tags': planned(onPost), self, text: planned(textField), value: valueOfSet, flag, level,
  topic, 'topic-title': topic, 'topic-category': topic,
};

/** Lists a sort key orders: the field it shows names in, a search narrowing it to a check's records, and how to make one with a count. */
interface SortedList {
  readonly nameField: string;
  readonly narrow: (stem: string) => Record<string, string>;
  /** Other searches that list just the check's records (a search of another kind, which a server may answer by a path of its own). */
  readonly narrowings?: (stem: string) => Record<string, string>[];
  /** Makes a record named `name` (`<stem>_<suffix>`) that counts `count` posts (where the list has a count to sort by). */
  make(ctx: CheckContext, name: string, count: number): Promise<void>;
}

const SORTED: Partial<Record<OperationId, SortedList>> = {
  'artists.list': {
    nameField: 'name', narrow: (stem) => ({ name: `${stem}*` }),
    // The three artists of one group, searched by it too (search[name]'s `group:` rule).
    narrowings: (stem) => [{ name: `group:${stem}_group` }],
    make: async (ctx, name) => void (await succeed(ctx, 'artists.create', { fields: { name, group_name: `${name.replace(/_[a-z]$/, '')}_group` } }, 'an artist')),
  },
  'artist_versions.list': { nameField: 'name', narrow: (stem) => ({ name: `${stem}*` }), make: async (ctx, name) => void (await succeed(ctx, 'artists.create', { fields: { name } }, 'an artist')) },
  'wiki_pages.list': { nameField: 'title', narrow: (stem) => ({ title: `${stem}*` }), make: async (ctx, title) => void (await succeed(ctx, 'wiki_pages.create', { fields: { title, body: title } }, 'a wiki page')) },
  'pools.list': {
    nameField: 'name', narrow: (stem) => ({ name_matches: `${stem}*` }),
    async make(ctx, name, count) {
      const reply = await succeed(ctx, 'pools.create', { fields: { name, description: name } }, 'a pool');
      if (count === 0) return;
      const id = reply.createdId() ?? (await findMade(ctx, 'pools.list', { name_matches: name }, name, 'a pool'));
      const posts = [];
      for (let i = 0; i < count; i++) posts.push((await makePost(ctx)).id);
      await succeed(ctx, 'pools.update', { path: { id }, fields: { post_ids: posts.join(' ') } }, 'adding posts to a pool');
    },
  },
  'tags.list': {
    nameField: 'name', narrow: (stem) => ({ name_matches: `${stem}*` }),
    // A tag exists through the posts that carry it: `count` posts (at least one).
    async make(ctx, name, count) {
      for (let i = 0; i < Math.max(1, count); i++) await makePost(ctx, name);
    },
  },
};

/** The records a sort check makes, in creation order, and how many posts each counts: no two orders agree. */
const SORT_RECORDS = [
  { suffix: 'm', count: 3 },
  { suffix: 'z', count: 1 },
  { suffix: 'a', count: 2 },
] as const;

function expectedOrder(basis: SortBasis): string[] {
  const rows = [...SORT_RECORDS];
  if (basis === 'name') rows.sort((x, y) => x.suffix.localeCompare(y.suffix));
  if (basis === 'count') rows.sort((x, y) => x.count - y.count);
  return rows.map((r) => r.suffix);
}

/** Every value of a sort key orders the check's own records by what it names, in either direction (INT-sort-order). */
const sortKey: Run = async (ctx, op, p) => {
  const effect = p.effect!;
  if (effect.kind !== 'sort') return;
  const key = shortName(p.name);
  const sorted = SORTED[op.id];
  if (!sorted) return sortedAsListed(ctx, op, p);
  const stem = ctx.unique('sort').toLowerCase();
  const counts = Object.values(effect.orders).includes('count');
  for (const r of SORT_RECORDS) await sorted.make(ctx, `${stem}_${r.suffix}`, counts ? r.count : 1);
  // Beside the narrowing search alone, and beside each filter by who made the records (the check's actor
  // made all three): a server that drops the sort in a filter's company lists them in its default order.
  const byMaker = op.params.filter((x) => filterOf(x.effect)?.subject === 'creator');
  const company: Record<string, string | number>[] = [{}];
  for (const x of byMaker) company.push({ [shortName(x.name)]: await accountValue(ctx, filterOf(x.effect)!.match, ctx.accounts.actor) });
  // And each other search that lists just the check's records, alone.
  const searches = [...company.map((beside) => ({ ...sorted.narrow(stem), ...beside })), ...(sorted.narrowings?.(stem) ?? [])];
  for (const [value, basis] of Object.entries(effect.orders)) for (const search of searches) {
    const fields = { ...search, [key]: value };
    const what = `${p.name}=${value}${besides(search)}`;
    const reply = await succeed(ctx, op.id, { fields }, `${op.id} sorted by ${value}`);
    const got = records(reply, op.id)
      .map((r) => text(r[sorted.nameField] ?? ''))
      .filter((n) => n.startsWith(`${stem}_`))
      .map((n) => n.slice(stem.length + 1));
    // Version listings list a record once per version: its first appearance places it.
    const order = got.filter((x, i) => got.indexOf(x) === i);
    if (order.length < SORT_RECORDS.length) skip(`${op.id} with ${JSON.stringify(search)} does not list the ${SORT_RECORDS.length} records made for the check by their ${sorted.nameField} (INT-record-fields, INT-artist-name-search)`);
    const want = expectedOrder(basis);
    if (order.join() !== want.join() && order.join() !== [...want].reverse().join()) {
      fail(`${what} does not order by ${basis}: records made in the order ${SORT_RECORDS.map((r) => r.suffix).join(', ')}${basis === 'count' ? ` with ${SORT_RECORDS.map((r) => r.count).join(', ')} posts` : ''} are listed ${order.join(', ')}`, { expected: `${want.join(', ')} or ${[...want].reverse().join(', ')}`, actual: order.join(', ') });
    }
  }
};

/** Users cannot be made: each value orders the list as returned, by the field it names when the records carry it. */
async function sortedAsListed(ctx: CheckContext, op: ResolvedOperation, p: ResolvedParam): Promise<void> {
  const effect = p.effect!;
  if (effect.kind !== 'sort') return;
  let judged = 0;
  // Alone, and beside each filter set so that it keeps every account of the run (a bound at the lowest
  // or highest level, a name pattern of the accounts' common beginning): a server whose filtered branch
  // drops the sort lists them in its own order.
  const levels = ctx.accounts.usable.map((a) => a.level);
  const names = ctx.accounts.usable.map((a) => a.name);
  const common = names.reduce((c, n) => { let i = 0; while (i < c.length && c[i] === n[i]) i++; return c.slice(0, i); }, names[0] ?? '');
  const company: Record<string, string | number>[] = [{}];
  for (const x of op.params) {
    const f = filterOf(x.effect);
    if (f?.subject === 'level' && (f.match === 'min' || f.match === 'max') && levels.length > 0) company.push({ [shortName(x.name)]: f.match === 'min' ? Math.min(...levels) : Math.max(...levels) });
    if (f?.subject === 'text' && f.match === 'pattern' && common.length > 0) company.push({ [shortName(x.name)]: `${common}*` });
  }
  for (const [value, basis] of Object.entries(effect.orders)) for (const beside of company) {
    const list = records(await succeed(ctx, op.id, { fields: { ...beside, [shortName(p.name)]: value } }, `${op.id} sorted by ${value}${besides(beside)}`), op.id);
    const field = basis === 'creation' ? 'created_at' : value;
    const keys = list.map((r) => r[field]).filter((v) => v !== undefined && v !== null).map((v) => text(v!));
    if (keys.length < 2 || keys.length < list.length) continue;
    judged++;
    // Names: a database's collation may order punctuation and case otherwise than JavaScript; any of the usual orders will do.
    const stripped = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
    const compares: ((a: string, b: string) => number)[] =
      basis === 'count' ? [(a, b) => Number(a) - Number(b)]
      : basis === 'creation' ? [(a, b) => Date.parse(a) - Date.parse(b)]
      : [(a, b) => a.toLowerCase().localeCompare(b.toLowerCase()), (a, b) => (a < b ? -1 : a > b ? 1 : 0), (a, b) => stripped(a).localeCompare(stripped(b))];
    const monotonic = (compare: (a: string, b: string) => number) =>
      keys.every((k, i) => i === 0 || compare(keys[i - 1]!, k) <= 0) || keys.every((k, i) => i === 0 || compare(keys[i - 1]!, k) >= 0);
    if (!compares.some(monotonic)) fail(`${p.name}=${value}${besides(beside)} does not order the list by ${field}`, { expected: `${field} ascending or descending`, actual: keys.slice(0, 10).join(', ') });
  }
  if (judged === 0) skip(`the ${op.id} records do not carry the fields the sort values name, and the API gives no way to make users (INT-record-fields)`);
}

export function sort_key_orders_by_each_value(op: ResolvedOperation, p: ResolvedParam, requirement: RequirementId): Check {
  return defineCheck({
    id: `effects/${op.id}/${shortName(p.name)}`, fn: 'sort_key_orders_by_each_value', resource: op.resource, operation: op.id,
    description: `each value of ${p.name} orders ${op.id} by what it names`, requirements: [requirement], readOnly: READ_ONLY_LISTS.includes(op.id),
    run: (ctx) => sortKey(ctx, op, p),
  });
}

/** The check of one parameter's effect. */
export function parameter_has_its_effect(op: ResolvedOperation, p: ResolvedParam, requirement: RequirementId, run: Run): Check {
  return defineCheck({
    id: `effects/${op.id}/${shortName(p.name)}`, fn: 'parameter_has_its_effect', resource: op.resource, operation: op.id,
    description: `${p.name} on ${op.id} lists the records it names and leaves out the others`, requirements: [requirement], readOnly: READ_ONLY_LISTS.includes(op.id),
    run: (ctx) => run(ctx, op, p),
  });
}

/** Listings the check only reads: the API gives no way to make their records. */
const READ_ONLY_LISTS: readonly OperationId[] = ['users.list', 'tag_aliases.list', 'tag_implications.list'];

/**
 * The requirements these checks prove: the derived effect requirements, and the search and sort-key
 * requirements the catalogue words itself; other requirements about a parameter have checks of their own.
 */
const PROVEN_HERE = new Set(['effects', 'sort-keys']);

export function checks(variant: Variant): Check[] {
  const out: Check[] = [];
  for (const op of operationsFor(variant)) {
    if (op.kind !== 'list') continue;
    const spec = OPERATIONS.find((o) => o.id === op.id)!;
    for (const p of op.params) {
      if (p.effect?.kind === 'sort') {
        const id = requirementIds.effect(spec, spec.params.find((x) => x.name === p.name)!, variant);
        if (PROVEN_HERE.has(requirement(id).scenario ?? '')) out.push(sort_key_orders_by_each_value(op, p, id));
        continue;
      }
      if (p.effect?.kind !== 'filter') continue;
      const run = op.id.endsWith('_versions.list') ? versions : RUNS[p.effect.subject];
      if (!run) continue;
      const id = requirementIds.effect(spec, spec.params.find((x) => x.name === p.name)!, variant);
      if (PROVEN_HERE.has(requirement(id).scenario ?? '')) out.push(parameter_has_its_effect(op, p, id, run));
    }
  }
  return out;
}
