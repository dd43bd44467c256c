/** `quota/*`: past the hourly quota of each kind of user, requests are answered 421 (the opt-in quota tier). */
import type { Variant } from '../../../specs/model/index.ts';
import { QUOTAS } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import type { Reply } from '../target.ts';
import { retryAfterMs } from '../target.ts';
import { ANONYMOUS } from '../spend.ts';

type Quota = (typeof QUOTAS)[number];

const idOf = (q: Quota): string => `quota/${q.who.toLowerCase()}`;

/** The documented hourly quota that the quota check `checkId` sends one request past (undefined for any other check). */
export function quotaPerHour(checkId: string): number | undefined {
  return QUOTAS.find((q) => idOf(q) === checkId)?.perHour;
}

/** Waits on a throttled answer as INT-throttling allows: after its Retry-After (up to 10 s), else 1 s, then 2 s. */
const TRANSIENT_WAITS_MS = [1_000, 2_000];
const MAX_RETRY_AFTER_MS = 10_000;

export function quota_is_enforced(q: Quota): Check {
  return defineCheck({
    id: idOf(q), fn: 'quota_is_enforced', resource: 'protocol', tier: 'quota',
    description: `${q.who} requests are served up to ${q.perHour} in an hour, and answered 421 past that`,
    requirements: [q.who === 'anonymous' ? 'IB-8-quota-anonymous-A' : `IB-8-quota-${q.who.toLowerCase() as Lowercase<typeof q.who>}`], readOnly: true,
    async run(ctx) {
      const who = q.who === 'anonymous' ? ('anonymous' as const) : ctx.accounts.byRole(q.who)[0];
      if (!who) skip(`the accounts file has no ${q.who} account`);
      const caller = who === 'anonymous' ? ANONYMOUS : who.name;
      const list = (): Promise<Reply> => ctx.target.call('posts.list', { as: who, fields: { limit: 1 }, expectThrottle: true });
      let last: Reply | undefined;
      // Upper side: a 421 by this check's own request quota+1, whatever the hour held before it.
      for (let i = 0; i <= q.perHour; i++) {
        last = await list();
        if (last.status !== 421) continue;
        // The caller's n-th request of this run: on a target started for the run, all it has served them.
        const n = ctx.target.spend.of(caller);
        if (n <= q.perHour) {
          // Lower side: none before the documented number. A throttle that lifts is transient (INT-throttling).
          const lifted = await waitsOut(last, list, (r) => (last = r), (ms) => ctx.target.http.pause(ms));
          if (lifted) continue;
          const what = `request ${n} of this run as ${q.who} was answered 421 and stayed so after waiting: the quota is ${q.perHour} an hour`;
          // Elsewhere the hour may hold the caller's traffic from before the run: not established either way.
          if (!ctx.freshTarget) skip(`${what}; the target may have served this caller before the run (pass --fresh-target when it was started for the run) (INT-quota-lower-side)`);
          fail(what, { reply: last, expected: `no lasting 421 before request ${q.perHour + 1}`, actual: `421 at request ${n}` });
        }
        // Of a GET's refusal only the status is judged (INT-get-errors): the family answers it with a text body.
        ctx.note(last);
        const e = last.envelope();
        if (e.ok && e.envelope.success) fail('421 with an envelope saying success=true', { reply: last });
        return;
      }
      fail(`${q.perHour + 1} requests within the hour were all served`, { ...(last ? { reply: last } : {}), expected: `421 by request ${q.perHour + 1}`, actual: String(last?.status) });
    },
  });
}

/** Sends the request again after the waits a transient throttle asks; true once it is served. */
async function waitsOut(first: Reply, again: () => Promise<Reply>, seen: (r: Reply) => void, pause: (ms: number) => Promise<void>): Promise<boolean> {
  let reply = first;
  for (const fallback of TRANSIENT_WAITS_MS) {
    const asked = retryAfterMs(reply.http.headers['retry-after']);
    if (asked !== undefined && asked > MAX_RETRY_AFTER_MS) return false;
    await pause(asked ?? fallback);
    reply = await again();
    seen(reply);
    if (reply.status !== 421) return true;
  }
  return false;
}

export function checks(variant: Variant): Check[] {
  return QUOTAS.filter((q) => !('only' in q) || q.only === variant).map(quota_is_enforced);
}
