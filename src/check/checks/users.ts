/** `users/*`: the numeric level of a user and the documented level of each role; the user searches (their effects and the sort key: effects.ts). */
import type { Variant } from '../../../specs/model/index.ts';
import { userLevelsFor } from '../../../specs/model/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { recordId } from '../formats.ts';
import { field, records, show, succeed, text } from './support/calls.ts';

/** The user of that name as users.list gives it (the only one listed, when the records carry no name). */
async function userByName(ctx: CheckContext, name: string) {
  const list = records(await succeed(ctx, 'users.list', { fields: { name } }, `users.list name=${name}`), 'users.list');
  return list.find((u) => text(u.name ?? '') === name) ?? (list.length === 1 ? list[0] : undefined);
}

export const user_has_numeric_level = defineCheck({
  id: 'users/level-attribute', fn: 'user_has_numeric_level', resource: 'users',
  description: 'a user record has a numeric level, that of the account\'s role', requirements: ['IB-2-user-level'], readOnly: true,
  async run(ctx) {
    const member = ctx.accounts.member;
    const user = await userByName(ctx, member.name);
    if (!user) fail(`users.list does not find ${member.name}`);
    const id = recordId(user);
    const shown = id ? await show(ctx, 'users.show', id) : user;
    // Section 2 states the attribute: a user without `level` fails rather than skips.
    if (!('level' in shown)) fail('the user record has no level', { expected: 'a numeric level', actual: Object.keys(shown).join(', ') });
    const level = text(shown.level!);
    if (!/^\d+$/.test(level)) fail(`level is "${level}", not a number`, { expected: 'a number', actual: level });
  },
});

export function roles_have_documented_levels(variant: Variant): Check {
  return defineCheck({
    id: `users/levels-${variant}`, fn: 'roles_have_documented_levels', resource: 'users',
    description: `each role has its documented level in ${variant}`, requirements: [`IB-2-user-levels-${variant}`], readOnly: true,
    async run(ctx) {
      const documented = userLevelsFor(ctx.variant);
      let seen = 0;
      for (const role of documented) {
        for (const account of ctx.accounts.byRole(role.role)) {
          const user = await userByName(ctx, account.name);
          if (!user) continue;
          seen++;
          const level = text(field(user, 'level', 'user'));
          if (level !== String(role.level)) fail(`${account.name} (${role.role}) has level ${level}`, { expected: String(role.level), actual: level });
        }
      }
      if (seen === 0) skip('no account of the accounts file is found through users.list');
      // Other users' levels are not judged: the table names the roles' levels, not that no other level
      // exists (the service family also has Blocked, 10: A user.rb:8-16 @cbf9d03).
      const absent = documented.filter((role) => ctx.accounts.byRole(role.role).length === 0).map((role) => role.role);
      if (absent.length > 0) skip(`the accounts file has no account for ${absent.join(', ')}: the levels of those roles are not established`);
    },
  });
}

export const user_name_search_supports_patterns = defineCheck({
  id: 'users/name-pattern', fn: 'user_name_search_supports_patterns', resource: 'users',
  description: 'search[name] finds a user by exact name and by a `*` pattern', requirements: ['IB-4-users-name-pattern'], readOnly: true,
  async run(ctx) {
    const name = ctx.accounts.member.name;
    const exact = records(await succeed(ctx, 'users.list', { fields: { name } }, 'exact name'), 'users.list');
    if (exact.length !== 1 || text(exact[0]!.name ?? name) !== name) fail(`search[name]=${name} returned ${exact.length} users`, { expected: 'exactly that user', actual: exact.map((u) => text(u.name ?? '?')).join(', ') });
    // `*` at the end, at the start and inside: any run of characters (INT-user-name-patterns).
    const cut = Math.max(1, name.length - 3);
    for (const pattern of [`${name.slice(0, cut)}*`, `*${name.slice(1)}`, `${name.slice(0, 1)}*${name.slice(cut)}`]) {
      const found = records(await succeed(ctx, 'users.list', { fields: { name: pattern } }, `pattern ${pattern}`), 'users.list').map((u) => text(u.name ?? ''));
      if (!found.includes(name)) fail(`search[name]=${pattern} does not find ${name}`, { expected: name, actual: found.join(', ') });
    }
  },
});

export const user_level_search = defineCheck({
  id: 'users/level-search', fn: 'user_level_search', resource: 'users',
  description: 'search[level] and search[min_level] select users by level', requirements: ['IB-4-users-level-search'], readOnly: true,
  async run(ctx) {
    const levels = (reply: Awaited<ReturnType<typeof succeed>>) => records(reply, 'users.list').map((u) => Number(text(field(u, 'level', 'user'))));
    const gold = ctx.accounts.byRole('Gold')[0];
    if (!gold) skip('the accounts file has no Gold account');
    const at = levels(await succeed(ctx, 'users.list', { fields: { level: gold.level } }, 'search[level]'));
    if (at.length === 0 || at.some((l) => l !== gold.level)) fail(`search[level]=${gold.level} returned levels ${JSON.stringify(at)}`, { expected: `only ${gold.level}, at least one`, actual: JSON.stringify(at) });
    const min = levels(await succeed(ctx, 'users.list', { fields: { min_level: gold.level } }, 'search[min_level]'));
    if (min.length === 0 || min.some((l) => l < gold.level)) fail(`search[min_level]=${gold.level} returned levels ${JSON.stringify(min)}`, { expected: `all >= ${gold.level}`, actual: JSON.stringify(min) });
    // Both ways: the bound itself is included ("min"), a higher level too.
    if (!min.includes(gold.level)) fail(`search[min_level]=${gold.level} leaves out the users of level ${gold.level}`, { expected: `level ${gold.level} included`, actual: JSON.stringify(min) });
  },
});

export const user_max_level_search = defineCheck({
  id: 'users/max-level', fn: 'user_max_level_search', resource: 'users',
  description: 'search[max_level] selects users up to a level', requirements: ['IB-4-users-max-level-A'], readOnly: true,
  async run(ctx) {
    const member = ctx.accounts.member;
    const got = records(await succeed(ctx, 'users.list', { fields: { max_level: member.level } }, 'search[max_level]'), 'users.list').map((u) => Number(text(field(u, 'level', 'user'))));
    if (got.length === 0 || got.some((l) => l > member.level)) fail(`search[max_level]=${member.level} returned levels ${JSON.stringify(got)}`, { expected: `all <= ${member.level}, at least one`, actual: JSON.stringify(got) });
    if (!got.includes(member.level)) fail(`search[max_level]=${member.level} leaves out the users of level ${member.level}`, { expected: `level ${member.level} included`, actual: JSON.stringify(got) });
  },
});

export const level_is_a_json_number = defineCheck({
  id: 'users/level-is-a-number', fn: 'level_is_a_json_number', resource: 'users',
  description: 'in JSON, a user\'s level is a number, not a string ("a numeric attribute")', requirements: ['IB-2-user-level'], readOnly: true,
  async run(ctx) {
    const listed = records(await succeed(ctx, 'users.list', { fields: { name: ctx.accounts.member.name }, format: 'json' }, 'users.list'), 'users.list');
    const user = listed[0];
    if (!user || !('level' in user)) skip('users.list gives no user with a level to look at');
    const shown = await show(ctx, 'users.show', recordId(user) ?? 0);
    for (const [source, r] of [['users.list', user], ['users.show', shown]] as const) {
      if ('level' in r && typeof r.level !== 'number') fail(`${source} gives level as ${JSON.stringify(r.level)} (a ${typeof r.level})`, { expected: 'a JSON number', actual: JSON.stringify(r.level) });
    }
  },
});

export function checks(variant: Variant): Check[] {
  return [
    user_has_numeric_level,
    roles_have_documented_levels(variant),
    user_name_search_supports_patterns,
    user_level_search,
    user_max_level_search,
    level_is_a_json_number,
  ];
}
