/** `quota/*`: past the hourly quota of each kind of user, requests are answered 421 (the opt-in quota tier). */
import type { Variant } from '../../../specs/model/index.ts';
import { QUOTAS } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import type { Reply } from '../target.ts';

type Quota = (typeof QUOTAS)[number];

const idOf = (q: Quota): string => `quota/${q.who.toLowerCase()}`;

/** The documented hourly quota that the quota check `checkId` sends one request past (undefined for any other check). */
export function quotaPerHour(checkId: string): number | undefined {
  return QUOTAS.find((q) => idOf(q) === checkId)?.perHour;
}

export function quota_is_enforced(q: Quota): Check {
  return defineCheck({
    id: idOf(q), fn: 'quota_is_enforced', resource: 'protocol', tier: 'quota',
    description: `past ${q.perHour} requests in an hour, ${q.who} requests are answered 421`,
    requirements: [q.who === 'anonymous' ? 'IB-8-quota-anonymous-A' : `IB-8-quota-${q.who.toLowerCase() as Lowercase<typeof q.who>}`], readOnly: true,
    async run(ctx) {
      const who = q.who === 'anonymous' ? ('anonymous' as const) : ctx.accounts.byRole(q.who)[0];
      if (!who) skip(`the accounts file has no ${q.who} account`);
      let last: Reply | undefined;
      for (let i = 0; i <= q.perHour; i++) {
        last = await ctx.target.call('posts.list', { as: who, fields: { limit: 1 }, expectThrottle: true });
        if (last.status === 421) {
          // Of a GET's refusal only the status is judged (INT-get-errors): the family answers it with a text body.
          ctx.note(last);
          const e = last.envelope();
          if (e.ok && e.envelope.success) fail('421 with an envelope saying success=true', { reply: last });
          return;
        }
      }
      fail(`${q.perHour + 1} requests within the hour were all served`, { ...(last ? { reply: last } : {}), expected: `421 by request ${q.perHour + 1}`, actual: String(last?.status) });
    },
  });
}

export function checks(variant: Variant): Check[] {
  return QUOTAS.filter((q) => !('only' in q) || q.only === variant).map(quota_is_enforced);
}
