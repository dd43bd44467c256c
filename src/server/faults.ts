/**
 * Fault injection: `--fault ID` switches on exactly one deliberate violation of one or more requirements
 * of the catalogue, so the checker can be shown to catch it. Faults come from three places:
 *   - the protocol faults below (envelope, formats, authentication, quotas, status codes);
 *   - the resource modules (each lists the faults of its own behaviour, see ./resources);
 *   - families generated from the spec model for every served operation:
 *       unserved:<opId>                 the operation answers 404
 *       ignore-required:<opId>:<param>  a missing REQUIRED parameter is accepted
 *       accept-any:<opId>:<param>       a value outside the parameter's value set is accepted
 *       serve-absent:<opId>             an (A only)/(B only) operation is served in the other variant
 *       ignore-param:<opId>:<param>     a list parameter with a stated effect is read as if not sent
 *       empty-on:<opId>:<param>         a list answers no record whenever that parameter is given
 *       sort-swapped:<opId>:<param>     each value of a sort key orders by what the next value names
 * Code checks a fault with `faults.active(id)` at the place the behaviour lives.
 */
import type { ParamEffect, Variant } from '../../specs/model/index.ts';
import { OPERATIONS, VARIANTS, operationsFor } from '../../specs/model/index.ts';
import type { RequirementId } from '../../specs/requirements/index.ts';
import { hasRequirement, requirementIds } from '../../specs/requirements/index.ts';
import { RESOURCE_MODULES } from './resources/index.ts';

// The fault types are a leaf module, so the resource modules that list faults import no catalogue.
import { Faults } from './fault-types.ts';
import type { FaultSpec } from './fault-types.ts';
export { Faults, FaultSwitch } from './fault-types.ts';
export type { FaultSpec } from './fault-types.ts';

export const NO_FAULTS = new Faults();

const A = ['A'] as const;
const B = ['B'] as const;
const QUOTA_REQS: RequirementId[] = ['IB-8-quota-anonymous-A', 'IB-8-quota-member', 'IB-8-quota-gold', 'IB-8-quota-platinum'];

/** Faults of the protocol layer: formats, envelope, status codes, authentication, quotas, routing. */
export const PROTOCOL_FAULTS: readonly FaultSpec[] = [
  { id: 'envelope-no-reason', requirements: ['IB-7-envelope-json', 'IB-7-envelope-xml'], summary: 'The envelope has no `reason`.' },
  { id: 'envelope-success-string', requirements: ['IB-7-envelope-json'], summary: 'The JSON envelope carries `success` as the string "true"/"false".' },
  { id: 'xml-envelope-root', requirements: ['IB-7-envelope-xml'], summary: 'The XML envelope element is <result> instead of <response>.' },
  { id: 'xml-malformed', requirements: ['IB-2-format-xml'], summary: 'XML bodies lose their final closing bracket (not well-formed).' },
  { id: 'xml-number-drift', requirements: ['IB-2-format-parity'], summary: 'In XML, every number of a record but its id is one more than in JSON.', caughtBy: 'parity/*' },
  { id: 'xml-list-joined', requirements: ['IB-2-format-parity'], summary: 'In XML, a post\'s tag_string is comma-separated where JSON has it space-separated.', caughtBy: 'parity/*' },
  { id: 'xml-writes-lose-optional', requirements: ['IB-4-pools-fields', 'IB-4-wiki-fields', 'IB-4-artists-fields'], caughtBy: 'pools/fields', summary: 'A state-changing request through an `.xml` path keeps only its REQUIRED parameters; the optional ones are dropped as if not sent.' },
  { id: 'xml-lists-ignore-search', requirements: ['IB-4-dmails-search-from_id', 'IB-4-comments-search-creator_id'], summary: 'A list through an `.xml` path ignores its `search[...]` parameters.' },
  { id: 'json-malformed', requirements: ['IB-2-format-json'], summary: 'JSON bodies lose their last character.' },
  { id: 'wrong-content-type', requirements: ['IB-2-content-type'], summary: 'Every body is served as text/plain.' },
  { id: 'success-true-on-errors', requirements: ['IB-7-envelope-agrees'], summary: 'Error envelopes say success=true.' },
  { id: 'not-found-says-success', requirements: ['IB-7-envelope-agrees'], summary: 'A 404 to a write carries an envelope saying success=true (other refusals say false).', caughtBy: 'not-found/*' },
  { id: 'status-204', requirements: ['IB-7-status-no-204-B'], summary: 'Successful state-changing calls answer 204 with no body.', variants: B },
  { id: 'status-undocumented', requirements: ['IB-7-status-documented'], summary: 'Invalid parameters are answered 400 instead of 424.' },
  { id: 'server-error-on-bad-input', requirements: ['IB-7-no-server-error'], summary: 'Invalid parameters are answered 500.' },
  { id: 'already-exists-409', requirements: ['IB-7-status-documented'], summary: 'A create of an existing name (artist, wiki page, pool) is answered 409 Conflict instead of 423.', caughtBy: 'lifecycle/already-exists-status' },
  { id: 'unknown-id-200', requirements: ['IB-7-not-found'], summary: 'A path naming an unknown id is answered 200 with an empty record.' },
  { id: 'wrong-id-shown', requirements: ['IB-2-path-id'], summary: 'Show returns the newest record instead of the one the path names.' },
  { id: 'query-params-ignored', requirements: ['IB-2-query-params'], summary: 'GET parameters in the query string are ignored.' },
  { id: 'body-params-ignored', requirements: ['IB-2-body-params'], summary: 'Request bodies are ignored; parameters are read from the query string only.' },
  { id: 'anonymous-allowed-B', requirements: ['IB-5-anonymous-B'], summary: 'Anonymous requests are served in B.', variants: B },
  { id: 'anonymous-writes-allowed-B', requirements: ['IB-5-anonymous-B'], summary: 'Anonymous reads are refused in B, but a state-changing request without credentials is made as the lowest-level account: only the read routes are guarded.', variants: B, caughtBy: 'auth/anonymous-writes-B' },
  { id: 'anonymous-refused-A', requirements: ['IB-5-anonymous-A'], summary: 'Anonymous reads are refused (403) in A.', variants: A },
  { id: 'basic-ignored', requirements: ['IB-5-auth-basic'], summary: 'HTTP Basic credentials are ignored.' },
  { id: 'api-key-ignored', requirements: ['IB-5-auth-api-key'], summary: '`login` + `api_key` parameters are ignored.' },
  { id: 'password-hash-ignored', requirements: ['IB-5-auth-password-hash'], summary: '`login` + legacy `password_hash` parameters are ignored.' },
  { id: 'cookie-ignored', requirements: ['IB-5-auth-session-cookie'], summary: 'The session cookies are ignored.' },
  { id: 'wrong-key-accepted', requirements: ['IB-5-auth-bad-key'], summary: 'Any API key authenticates the named user.' },
  { id: 'wrong-basic-accepted-on-deletes', requirements: ['IB-5-auth-bad-key'], summary: 'A DELETE (of anything but a dmail) with HTTP Basic authenticates the named user whatever its password (the API key): the key is compared on every other request.', caughtBy: 'auth/bad-basic' },
  { id: 'wrong-key-accepted-on-writes', requirements: ['IB-5-auth-bad-key'], summary: 'A state-changing request authenticates the named user whatever its `api_key`: the key is compared on reads only.', caughtBy: 'auth/bad-key' },
  { id: 'empty-key-accepted', requirements: ['IB-5-auth-bad-key'], summary: 'An empty API key (login with api_key=, or HTTP Basic with an empty password) authenticates the named user: the key is compared only when one is given.', caughtBy: 'auth/bad-key' },
  { id: 'wrong-basic-accepted', requirements: ['IB-5-auth-bad-key'], summary: 'HTTP Basic with any key authenticates the named user.', caughtBy: 'auth/bad-basic' },
  { id: 'wrong-password-hash-accepted', requirements: ['IB-5-auth-bad-key'], summary: 'Any legacy password_hash authenticates the named user.', caughtBy: 'auth/bad-password_hash' },
  { id: 'wrong-cookie-accepted', requirements: ['IB-5-auth-bad-cookie'], summary: 'A session cookie with any password_hash authenticates the named user.', caughtBy: 'auth/bad-cookie' },
  { id: 'quota-not-enforced', requirements: QUOTA_REQS, summary: 'Hourly quotas are never enforced.' },
  { id: 'quota-too-low', requirements: QUOTA_REQS, summary: 'Every hourly quota is a tenth of the documented number: a caller is refused (421) long before it.' },
];

/**
 * Crash faults: the server breaks (500) on one kind of input that a fixed set of examples rarely sends,
 * so the generative phase (`conform check --fuzz N`) is shown to find and shrink it.
 */
export const CRASH_FAULTS: readonly FaultSpec[] = [
  {
    id: 'crash-long-tag', requirements: ['IB-7-no-server-error'], caughtBy: 'fuzz/posts.list/no-server-error',
    summary: 'A tag longer than 200 characters (in `tags` or a `tag_string`) is answered 500.',
  },
  {
    id: 'crash-negative-limit', requirements: ['IB-7-no-server-error'], caughtBy: 'fuzz/posts.list/no-server-error',
    summary: 'A negative `limit` is answered 500.',
  },
  {
    id: 'crash-unicode-wiki-title', requirements: ['IB-7-no-server-error'], caughtBy: 'fuzz/wiki_pages.list/no-server-error',
    summary: 'A wiki title (`search[title]`, `wiki_page[title]`) with a non-ASCII character is answered 500.',
  },
];

/**
 * Whether an active crash fault breaks on these request fields (name on the wire -> value): the
 * reason of the crash, or undefined.
 */
export function crashes(resource: string, fields: Readonly<Record<string, unknown>>, faults: Faults): string | undefined {
  if (faults.list.length === 0) return undefined;
  for (const [name, raw] of Object.entries(fields)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    for (const value of values) {
      if (faults.active('crash-long-tag') && (name === 'tags' || name.endsWith('[tag_string]')) && value.split(/\s+/).some((t) => t.length > 200)) {
        return 'tag too long for the tag index';
      }
      if (faults.active('crash-negative-limit') && name === 'limit' && /^\s*-\d+\s*$/.test(value)) return 'negative LIMIT';
      // eslint-disable-next-line no-control-regex
      if (faults.active('crash-unicode-wiki-title') && resource === 'wiki_pages' && name.endsWith('[title]') && /[^\u0000-\u007f]/.test(value)) {
        return 'title is not ASCII';
      }
    }
  }
  return undefined;
}

/** The operation ids some resource module serves. */
export function servedOperationIds(): ReadonlySet<string> {
  return new Set(RESOURCE_MODULES.flatMap((m) => Object.keys(m.handlers)));
}

/** The variants list of a fault: absent when it is both. */
function restricted(vs: readonly Variant[]): { variants?: readonly Variant[] } {
  return vs.length === VARIANTS.length ? {} : { variants: vs };
}

function variantsOfOp(opId: string): Variant[] {
  return VARIANTS.filter((v) => operationsFor(v).some((o) => o.id === opId));
}

/** A list parameter effect the effect checks observe (specs/model ParamSpec.effect). */
function observable(effect: ParamEffect): boolean {
  return effect.kind === 'filter' || effect.kind === 'sort';
}

/** The generated families, for the served operations. */
export function generatedFaults(served: ReadonlySet<string> = servedOperationIds()): FaultSpec[] {
  const out: FaultSpec[] = [];
  for (const spec of OPERATIONS) {
    if (!served.has(spec.id)) continue;
    const opVariants = variantsOfOp(spec.id);
    out.push({ id: `unserved:${spec.id}`, requirements: [requirementIds.served(spec.id)], summary: `${spec.method} ${spec.path} answers 404.`, ...restricted(opVariants) });
    if (spec.only) {
      const other: Variant = spec.only === 'A' ? 'B' : 'A';
      out.push({
        id: `serve-absent:${spec.id}`, requirements: [requirementIds.absent(spec.id)],
        summary: `${spec.method} ${spec.path} (${spec.only} only) is served in ${other}.`, variants: [other],
      });
    }
    const names = new Set(opVariants.flatMap((v) => operationsFor(v).find((o) => o.id === spec.id)!.params.map((p) => p.name)));
    for (const name of names) {
      const perVariant = opVariants.map((v) => ({ v, p: operationsFor(v).find((o) => o.id === spec.id)!.params.find((p) => p.name === name) }));
      const present = perVariant.filter((x) => x.p !== undefined);
      const required = present.filter((x) => x.p!.required && x.p!.location !== 'path');
      if (required.length > 0) {
        out.push({
          id: `ignore-required:${spec.id}:${name}`, requirements: [requirementIds.required(spec.id, name)],
          summary: `${spec.method} ${spec.path} accepts a request without the REQUIRED ${name}.`, ...restricted(required.map((x) => x.v)),
        });
      }
      const effects = present.filter((x) => spec.kind === 'list' && x.p!.effect !== undefined && observable(x.p!.effect));
      if (effects.length > 0) {
        const specParam = spec.params.find((p) => p.name === name)!;
        const reqs = [...new Set(effects.map((x) => requirementIds.effect(spec, specParam, x.v)))].filter((id) => hasRequirement(id));
        const vs = restricted(effects.map((x) => x.v));
        out.push({ id: `ignore-param:${spec.id}:${name}`, requirements: reqs, summary: `${spec.method} ${spec.path} ignores ${name} (lists as if it were not sent).`, ...vs });
        if (effects[0]!.p!.effect!.kind === 'filter') out.push({ id: `empty-on:${spec.id}:${name}`, requirements: reqs, summary: `${spec.method} ${spec.path} lists no record whenever ${name} is given.`, ...vs });
        if (effects[0]!.p!.effect!.kind === 'sort') out.push({ id: `sort-swapped:${spec.id}:${name}`, requirements: reqs, summary: `${spec.method} ${spec.path}: each value of ${name} orders by what the next value names (date by title, ...).`, ...vs });
      }
      const withValues = present.filter((x) => x.p!.valueSet !== undefined);
      if (withValues.length > 0) {
        const differs = new Set(withValues.map((x) => x.p!.valueSet)).size > 1;
        out.push({
          id: `accept-any:${spec.id}:${name}`,
          requirements: withValues.filter((x, i) => differs || i === 0).map((x) => requirementIds.values(spec.id, name, differs ? x.v : undefined)),
          summary: `${spec.method} ${spec.path} accepts any value of ${name}.`, ...restricted(withValues.map((x) => x.v)),
        });
      }
    }
  }
  return out;
}

let catalogue: { readonly all: readonly FaultSpec[]; readonly byId: ReadonlyMap<string, FaultSpec> } | undefined;

/** The catalogue, made once per process: every server start looks its fault up in it. */
function faultCatalogue(): NonNullable<typeof catalogue> {
  if (!catalogue) {
    const all = [...PROTOCOL_FAULTS, ...CRASH_FAULTS, ...RESOURCE_MODULES.flatMap((m) => m.faults ?? []), ...generatedFaults()];
    // The first of an id wins, as a search of the list would find it (ids are unique: test/server/faults.test.ts).
    catalogue = { all, byId: new Map([...all].reverse().map((f) => [f.id, f])) };
  }
  return catalogue;
}

/** Every fault the server knows: protocol, resource and generated ones. */
export function allFaults(): readonly FaultSpec[] {
  return faultCatalogue().all;
}

export function findFault(id: string): FaultSpec | undefined {
  return faultCatalogue().byId.get(id);
}

export function faultAppliesTo(fault: FaultSpec, variant: Variant): boolean {
  return fault.variants === undefined || fault.variants.includes(variant);
}

/**
 * Mutation coverage of the catalogue: for each requirement, how many distinct faults of the variant
 * break it (each is shown caught by test/check/mutation.test.ts).
 */
export function faultsByRequirement(variant: Variant): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of allFaults().filter((x) => faultAppliesTo(x, variant))) for (const id of f.requirements) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}
