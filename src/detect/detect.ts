/**
 * Variant detection: read-only probes that tell which variant a server looks like (A, B, both or
 * neither), each with its evidence. Every probe is derived from a stated variant difference of the
 * spec model: A-only operations, anonymous access, the sort key (search[order] vs search[sort]) and
 * A-only value sets that B, where the parameter does not exist, ignores. A server that refuses the
 * probes' credentials is told apart from one that is not the API at all: it is `undetermined`.
 */
import type { OperationId, Variant } from '../../specs/model/index.ts';
import { ANONYMOUS_ACCESS, absentOperations, operationsFor } from '../../specs/model/index.ts';
import type { Reply, Target } from '../check/target.ts';
import { fieldOf } from '../check/target.ts';
import { TransportError } from '../check/http.ts';

export type Leaning = Variant | 'none';

export interface Evidence {
  readonly probe: string;
  /** The variant this observation is consistent with only, or `none` when it tells them apart for neither. */
  readonly points: Leaning;
  readonly observation: string;
}

/** `undetermined`: the server speaks the API but refused the credentials the probes need. */
export type Detected = Variant | 'both' | 'neither' | 'undetermined';

export interface Detection {
  readonly variant: Detected;
  readonly evidence: readonly Evidence[];
  /** The server refused the credentials of this account (`undetermined`). */
  readonly refused?: { readonly account: string; readonly status: number; readonly reason?: string };
}

async function status(target: Target, opId: OperationId, options: Parameters<Target['call']>[1] = {}): Promise<number | string> {
  try {
    return (await target.call(opId, options)).status;
  } catch (err) {
    if (err instanceof TransportError) return `no response (${err.message})`;
    throw err;
  }
}

const ok = (s: number | string) => typeof s === 'number' && s >= 200 && s < 300;

/** Operations that exist in A only: served → A; 404 → B. */
async function aOnlyOperations(target: Target): Promise<Evidence[]> {
  const out: Evidence[] = [];
  for (const op of absentOperations('B').filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
    const s = await status(target, op.id);
    out.push({
      probe: `GET ${op.path}.json (A only)`,
      points: ok(s) ? 'A' : s === 404 ? 'B' : 'none',
      observation: `answered ${s}`,
    });
  }
  return out;
}

/** Anonymous reads: A serves them, B refuses them. */
async function anonymous(target: Target): Promise<Evidence> {
  const s = await status(target, 'posts.list', { as: 'anonymous', fields: { limit: 1 } });
  return {
    probe: 'anonymous GET /posts.json',
    points: ok(s) ? (ANONYMOUS_ACCESS.A ? 'A' : 'B') : s === 403 ? (ANONYMOUS_ACCESS.B ? 'A' : 'B') : 'none',
    observation: `answered ${s}`,
  };
}

/** The users sort key: search[order] in A, search[sort] in B. A key that orders by name is that variant's. */
async function sortKey(target: Target): Promise<Evidence> {
  const keyOf = (v: Variant) => operationsFor(v).find((o) => o.id === 'users.list')!.params.find((p) => p.sortKey)!.name;
  const names = async (key: string) => {
    try {
      const reply = await target.call('users.list', { raw: { [key]: 'name' } });
      return reply.ok ? (reply.list() ?? []).map((u) => String(u.name ?? '')) : undefined;
    } catch {
      return undefined;
    }
  };
  const sorted = (list: string[] | undefined) => list !== undefined && list.length >= 3 && list.join() === [...list].sort((a, b) => a.localeCompare(b)).join();
  const byA = await names(keyOf('A'));
  const byB = await names(keyOf('B'));
  const a = sorted(byA);
  const b = sorted(byB);
  return {
    probe: `GET /users.json with ${keyOf('A')}=name and ${keyOf('B')}=name`,
    points: a && !b ? 'A' : b && !a ? 'B' : 'none',
    observation: `${keyOf('A')} ${a ? 'orders by name' : 'does not order by name'}; ${keyOf('B')} ${b ? 'orders by name' : 'does not order by name'}`,
  };
}

/** A-only value-set parameters: A refuses an out-of-set value; in B the parameter does not exist and is ignored. */
async function aOnlyValueSets(target: Target): Promise<Evidence[]> {
  const out: Evidence[] = [];
  const bOps = new Map(operationsFor('B').map((o) => [o.id, o]));
  for (const op of operationsFor('A').filter((o) => o.method === 'GET' && !o.path.includes('{') && bOps.has(o.id))) {
    const p = op.params.find((x) => x.variantOnly && x.values && !x.sortKey);
    if (!p) continue;
    const s = await status(target, op.id, { raw: { [p.name]: 'conform-not-a-listed-value' } });
    out.push({
      probe: `GET ${op.path}.json with ${fieldOf(p.name)} out of its A-only value set`,
      points: s === 420 || s === 424 ? 'A' : ok(s) ? 'B' : 'none',
      observation: `answered ${s}`,
    });
  }
  return out;
}

/**
 * A refusal of the credentials, told apart from a server that is not the API: a 401 or 403 answered
 * with the API's outcome envelope (`success: false`), or while the same request without credentials
 * is served a list of records (variant A's anonymous reads).
 */
async function refusal(target: Target, reply: Reply): Promise<Detection['refused'] | undefined> {
  if (reply.status !== 401 && reply.status !== 403) return undefined;
  const envelope = reply.envelope();
  const speaksApi = envelope.ok && envelope.envelope.success === false;
  let anonymousServed = false;
  if (!speaksApi) {
    try {
      const anonymous = await target.call('posts.list', { as: 'anonymous', fields: { limit: 1 } });
      anonymousServed = anonymous.ok && anonymous.list() !== undefined;
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
    }
  }
  if (!speaksApi && !anonymousServed) return undefined;
  const reason = envelope.ok ? envelope.envelope.reason : undefined;
  return { account: target.accounts.actor.name, status: reply.status, ...(reason ? { reason } : {}) };
}

export async function detectVariant(target: Target): Promise<Detection> {
  const evidence: Evidence[] = [];
  // Both variants list posts to a logged-in user, as a list of records (INT-list-shape).
  let base: string;
  try {
    const reply = await target.call('posts.list', { fields: { limit: 1 } });
    const refused = await refusal(target, reply);
    if (refused) {
      const observation = `answered ${refused.status}${refused.reason ? ` (${refused.reason})` : ''}: the server refused the credentials of ${refused.account}`;
      return { variant: 'undetermined', refused, evidence: [{ probe: 'GET /posts.json as a logged-in user', points: 'none', observation }] };
    }
    base = !reply.ok ? `answered ${reply.status}` : reply.list() === undefined ? `answered ${reply.status} with a body that is not a list of records` : '';
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    base = `no response (${err.message})`;
  }
  if (base) {
    return { variant: 'neither', evidence: [{ probe: 'GET /posts.json as a logged-in user', points: 'none', observation: `${base}: not an image-board server of either variant` }] };
  }
  evidence.push(...(await aOnlyOperations(target)), await anonymous(target), await sortKey(target), ...(await aOnlyValueSets(target)));
  const forA = evidence.filter((e) => e.points === 'A').length;
  const forB = evidence.filter((e) => e.points === 'B').length;
  const variant: Detected = forA > 0 && forB === 0 ? 'A' : forB > 0 && forA === 0 ? 'B' : forA > 0 && forB > 0 ? 'both' : 'neither';
  return { variant, evidence };
}
