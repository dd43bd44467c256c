/**
 * Comments, dmails, users and authentication: the scenarios that need more than one account.
 */
import type { RequirementId } from '../../../../specs/requirements/index.ts';
import type { OperationId, Variant } from '../../../../specs/model/index.ts';
import { userLevelsFor } from '../../../../specs/model/index.ts';
import type { Account } from '../../accounts.ts';
import type { Check, CheckContext } from '../../check.ts';
import { defineCheck, fail, skip } from '../../check.ts';
import type { RecordFields } from '../../formats.ts';
import { recordId } from '../../formats.ts';
import type { AuthMode } from '../../target.ts';
import { make, makePost } from '../../world.ts';
import { expectDeleted, expectRefused, field, listIds, records, show, succeed, text } from './common.ts';

function accountsOrSkip(ctx: CheckContext, n: number): Account[] {
  const members = ctx.accounts.byRole('Member');
  const others = ctx.accounts.usable.filter((a) => a.role !== 'Member');
  const picked = [...members, ...others].slice(0, n);
  if (picked.length < n) skip(`${n} accounts are needed; the accounts file has ${picked.length} for this variant`);
  return picked;
}

/**
 * The id of a dmail as its recipient sees it. A service may keep a sender's copy and a recipient's
 * copy under different ids (INT-dmail-copies), so the id a create answers is not necessarily the one
 * the recipient lists: the recipient's own list says.
 */
async function recipientCopy(ctx: CheckContext, to: Account, title: string, created: number | undefined): Promise<number> {
  const idsOf = (list: readonly RecordFields[]) => list.map(recordId).filter((x): x is number => x !== undefined);
  const search = await ctx.target.call('dmails.list', { as: to, fields: { message_matches: title } });
  ctx.note(search);
  let found = search.ok ? idsOf(search.list() ?? []) : [];
  if (found.length === 0) {
    // search[message_matches] may be what is broken: look for the title in the recipient's own list.
    const all = records(await succeed(ctx, 'dmails.list', { as: to }, `${to.name}'s dmail list`), 'dmails.list');
    const titled = all.filter((r) => 'title' in r && text(r.title!) === title);
    found = idsOf(titled.length > 0 || all.some((r) => 'title' in r) ? titled : all.slice(0, 1));
  }
  if (created !== undefined && found.includes(created)) return created;
  if (found.length === 0) {
    fail(`${to.name} does not see the dmail "${title}" sent to them`, { expected: "the dmail in the recipient's list", actual: 'not listed', requirement: 'IB-4-dmails-owner-list' });
  }
  return found[0]!;
}

/** A dmail from the first Member to the second account, made once per suite. */
async function sentDmail(ctx: CheckContext): Promise<{ id: number; title: string; from: Account; to: Account; third: Account }> {
  const [from, to, third] = accountsOrSkip(ctx, 3) as [Account, Account, Account];
  return ctx.world.get('dmail-sent', () =>
    ctx.world.setup('dmail-sent', 'a dmail between two accounts', async () => {
      const title = ctx.unique('private');
      const reply = await succeed(ctx, 'dmails.create', { as: from, fields: { to_name: to.name, title, body: `${title} secret body` } }, 'sending a dmail');
      const id = await recipientCopy(ctx, to, title, reply.createdId());
      return { id, title, from, to, third };
    }),
  );
}

async function userByName(ctx: CheckContext, name: string) {
  const list = records(await succeed(ctx, 'users.list', { fields: { name } }, `users.list name=${name}`), 'users.list');
  return list.find((u) => text(u.name ?? '') === name) ?? (list.length === 1 ? list[0] : undefined);
}

const AUTH_METHODS: { mode: AuthMode; id: RequirementId; fn: string; text: string }[] = [
  { mode: 'api_key', id: 'IB-5-auth-api-key', fn: 'login_and_api_key_authenticate', text: 'login and api_key' },
  { mode: 'basic', id: 'IB-5-auth-basic', fn: 'basic_authentication_authenticates', text: 'HTTP Basic (name and API key)' },
  { mode: 'password_hash', id: 'IB-5-auth-password-hash', fn: 'legacy_password_hash_authenticates', text: 'login and the legacy password_hash' },
  { mode: 'cookie', id: 'IB-5-auth-session-cookie', fn: 'session_cookie_authenticates', text: 'the session cookie (INT-session-cookie)' },
];

export function peopleScenarios(variant: Variant): Check[] {
  const checks: Check[] = [
    defineCheck({
      id: 'comments/lifecycle', fn: 'comment_lifecycle', resource: 'comments',
      description: 'a comment can be created, shown, updated and deleted', requirements: ['IB-4-comments-lifecycle'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        const id = await make.comment(ctx, post.id);
        const body = ctx.unique('edited');
        await succeed(ctx, 'comments.update', { path: { id }, fields: { body } }, 'the comment update');
        const shown = text(field(await show(ctx, 'comments.show', id), 'body', 'comment'));
        if (shown !== body) fail(`the comment body is "${shown}" after the update`, { expected: body, actual: shown });
        await succeed(ctx, 'comments.delete', { path: { id } }, 'the comment delete');
        await expectDeleted(ctx, { id, show: 'comments.show', list: 'comments.list', search: { body_matches: body } });
      },
    }),
    defineCheck({
      id: 'comments/creator-name-exact', fn: 'comment_creator_name_is_exact', resource: 'comments',
      description: 'search[creator_name] on comments matches the exact name only', requirements: ['IB-4-comments-creator-name'], readOnly: false,
      async run(ctx) {
        const id = await make.comment(ctx, (await makePost(ctx)).id);
        const name = ctx.accounts.actor.name;
        const exact = await listIds(ctx, 'comments.list', { creator_name: name });
        if (!exact.includes(id)) fail(`search[creator_name]=${name} does not find the member's comment ${id}`, { expected: `comment ${id}`, actual: JSON.stringify(exact) });
        const partial = await listIds(ctx, 'comments.list', { creator_name: name.slice(0, -1) });
        if (partial.includes(id)) fail(`search[creator_name]=${name.slice(0, -1)} (a prefix) finds comment ${id}`, { expected: 'exact match only', actual: JSON.stringify(partial) });
      },
    }),
    defineCheck({
      id: 'comments/post-id', fn: 'comment_post_id_search', resource: 'comments',
      description: 'search[post_id] on comments selects the comments of that post', requirements: ['IB-4-comments-post-id-A'], readOnly: false,
      async run(ctx) {
        const [p1, p2] = [await makePost(ctx), await makePost(ctx)];
        const c1 = await make.comment(ctx, p1.id);
        const c2 = await make.comment(ctx, p2.id);
        const got = await listIds(ctx, 'comments.list', { post_id: p1.id });
        if (!got.includes(c1) || got.includes(c2)) fail(`search[post_id]=${p1.id} returned ${JSON.stringify(got)}`, { expected: `comment ${c1} and not ${c2}`, actual: JSON.stringify(got) });
      },
    }),
    defineCheck({
      id: 'comments/do-not-bump', fn: 'do_not_bump_post_is_accepted', resource: 'comments',
      description: 'comment[do_not_bump_post]=1 is accepted', requirements: ['IB-4-comments-do-not-bump'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        await succeed(ctx, 'comments.create', { fields: { post_id: post.id, body: ctx.unique('quiet'), do_not_bump_post: '1' } }, 'a comment with do_not_bump_post=1');
      },
    }),
    defineCheck({
      id: 'dmails/owner-list', fn: 'dmail_list_holds_own_dmails_only', resource: 'dmails',
      description: 'the dmail list shows a dmail to its recipient and not to a third user', requirements: ['IB-4-dmails-owner-list'], readOnly: false,
      async run(ctx) {
        const d = await sentDmail(ctx);
        const mine = await listIds(ctx, 'dmails.list', {}, { as: d.to });
        if (!mine.includes(d.id)) fail(`the recipient's dmail list lacks dmail ${d.id}`, { expected: `dmail ${d.id}`, actual: JSON.stringify(mine) });
        const theirs = await listIds(ctx, 'dmails.list', {}, { as: d.third });
        if (theirs.includes(d.id)) fail(`${d.third.name}, neither sender nor recipient, sees dmail ${d.id} in the list`, { expected: 'not listed', actual: JSON.stringify(theirs) });
      },
    }),
    defineCheck({
      id: 'dmails/owner-show', fn: 'dmail_of_another_user_is_hidden', resource: 'dmails',
      description: 'showing another user\'s dmail is refused and does not reveal it', requirements: ['IB-4-dmails-owner-show'], readOnly: false,
      async run(ctx) {
        const d = await sentDmail(ctx);
        const reply = await ctx.target.call('dmails.show', { path: { id: d.id }, as: d.third });
        ctx.note(reply);
        expectRefused(reply, `showing dmail ${d.id} to ${d.third.name}`);
        if (![403, 404].includes(reply.status)) fail(`refused with ${reply.status}`, { reply, expected: '403 or 404 (INT-dmail-others)', actual: String(reply.status) });
        if (reply.text().includes('secret body')) fail('the refusal reveals the dmail body', { reply });
        await show(ctx, 'dmails.show', d.id, { as: d.to });
      },
    }),
    defineCheck({
      id: 'dmails/owner-delete', fn: 'dmail_of_another_user_cannot_be_deleted', resource: 'dmails',
      description: 'deleting another user\'s dmail is refused and the dmail remains', requirements: ['IB-4-dmails-owner-delete'], readOnly: false,
      async run(ctx) {
        const d = await sentDmail(ctx);
        await expectRefusedCall(ctx, 'dmails.delete', d.id, d.third);
        await show(ctx, 'dmails.show', d.id, { as: d.to });
      },
    }),
    defineCheck({
      id: 'dmails/read', fn: 'dmail_read_search', resource: 'dmails',
      description: 'a new dmail is found with search[read]=false and not with true', requirements: ['IB-4-dmails-read-A'], readOnly: false,
      async run(ctx) {
        const [from, to] = accountsOrSkip(ctx, 2) as [Account, Account];
        const title = ctx.unique('unread');
        const reply = await succeed(ctx, 'dmails.create', { as: from, fields: { to_name: to.name, title, body: title } }, 'sending a dmail');
        const id = await recipientCopy(ctx, to, title, reply.createdId());
        const unread = await listIds(ctx, 'dmails.list', { read: 'false' }, { as: to });
        const read = await listIds(ctx, 'dmails.list', { read: 'true' }, { as: to });
        if (!unread.includes(id) || read.includes(id)) fail(`dmail ${id}, never shown, is ${read.includes(id) ? '' : 'not '}found with read=true and ${unread.includes(id) ? '' : 'not '}with read=false`, { expected: 'read=false only (INT-dmail-read)', actual: `false: ${JSON.stringify(unread)}, true: ${JSON.stringify(read)}` });
      },
    }),
    defineCheck({
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
    }),
    defineCheck({
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
        const all = records(await succeed(ctx, 'users.list', { fields: {} }, 'users.list'), 'users.list');
        const allowed = new Set(documented.map((l) => String(l.level)));
        const odd = all.filter((u) => 'level' in u && !allowed.has(text(u.level!)));
        if (odd.length > 0) fail(`users with undocumented levels: ${odd.map((u) => `${text(u.name ?? '?')}=${text(u.level!)}`).join(', ')}`, { expected: [...allowed].join(', '), actual: odd.map((u) => text(u.level!)).join(', ') });
      },
    }),
    defineCheck({
      id: 'users/name-pattern', fn: 'user_name_search_supports_patterns', resource: 'users',
      description: 'search[name] finds a user by exact name and by a `*` pattern', requirements: ['IB-4-users-name-pattern'], readOnly: true,
      async run(ctx) {
        const name = ctx.accounts.member.name;
        const exact = records(await succeed(ctx, 'users.list', { fields: { name } }, 'exact name'), 'users.list');
        if (exact.length !== 1 || text(exact[0]!.name ?? name) !== name) fail(`search[name]=${name} returned ${exact.length} users`, { expected: 'exactly that user', actual: exact.map((u) => text(u.name ?? '?')).join(', ') });
        const pattern = `${name.slice(0, Math.max(1, name.length - 3))}*`;
        const found = records(await succeed(ctx, 'users.list', { fields: { name: pattern } }, 'pattern'), 'users.list').map((u) => text(u.name ?? ''));
        if (!found.includes(name)) fail(`search[name]=${pattern} does not find ${name}`, { expected: name, actual: found.join(', ') });
      },
    }),
    defineCheck({
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
    }),
    defineCheck({
      id: 'users/max-level', fn: 'user_max_level_search', resource: 'users',
      description: 'search[max_level] selects users up to a level', requirements: ['IB-4-users-max-level-A'], readOnly: true,
      async run(ctx) {
        const member = ctx.accounts.member;
        const got = records(await succeed(ctx, 'users.list', { fields: { max_level: member.level } }, 'search[max_level]'), 'users.list').map((u) => Number(text(field(u, 'level', 'user'))));
        if (got.length === 0 || got.some((l) => l > member.level)) fail(`search[max_level]=${member.level} returned levels ${JSON.stringify(got)}`, { expected: `all <= ${member.level}, at least one`, actual: JSON.stringify(got) });
        if (!got.includes(member.level)) fail(`search[max_level]=${member.level} leaves out the users of level ${member.level}`, { expected: `level ${member.level} included`, actual: JSON.stringify(got) });
      },
    }),
    defineCheck({
      id: `users/sort-${variant}`, fn: 'user_sort_key_orders_by_name', resource: 'users',
      description: `users are listed by name with the sort key of ${variant}`, requirements: [`IB-4-users-sort-${variant}`], readOnly: true,
      async run(ctx) {
        const names = records(await succeed(ctx, 'users.list', { fields: { [variant === 'A' ? 'order' : 'sort']: 'name' } }, 'sort by name'), 'users.list').map((u) => text(field(u, 'name', 'user')));
        if (names.length < 3) skip('fewer than 3 users to order');
        const asc = [...names].sort((a, b) => a.localeCompare(b));
        if (names.join() !== asc.join() && names.join() !== [...asc].reverse().join()) fail('users are not in name order', { expected: asc.slice(0, 5).join(', '), actual: names.slice(0, 5).join(', ') });
      },
    }),
    // Every authentication method with a wrong secret of its own kind.
    ...AUTH_METHODS.map((m) =>
      defineCheck({
        id: m.mode === 'api_key' ? 'auth/bad-key' : `auth/bad-${m.mode}`, fn: `wrong_secret_does_not_authenticate_by_${m.mode}`, resource: 'protocol',
        description: `${m.text} with a wrong secret does not authenticate as the named user`, requirements: ['IB-5-auth-bad-key'], readOnly: false,
        async run(ctx) {
          const d = await sentDmail(ctx);
          if (m.mode === 'password_hash' && !d.to.password_hash) skip(`the accounts file gives no password_hash for ${d.to.name} (INT-password-hash)`);
          const reply = await ctx.target.call('dmails.list', { as: d.to, auth: m.mode, wrongSecret: true });
          ctx.note(reply);
          if (reply.ok && (reply.list() ?? []).some((r) => recordId(r) === d.id)) fail(`${m.text} with a wrong secret for ${d.to.name} lists their dmail ${d.id}`, { reply, expected: 'not authenticated', actual: 'the user\'s dmails' });
        },
      }),
    ),
    ...(variant === 'A'
      ? [
          defineCheck({
            id: 'auth/anonymous-A', fn: 'anonymous_reads_are_served', resource: 'protocol',
            description: 'anonymous read requests are served in A', requirements: ['IB-5-anonymous-A'], readOnly: true,
            async run(ctx) {
              await succeed(ctx, 'posts.list', { as: 'anonymous', fields: { limit: 1 } }, 'an anonymous GET /posts.json');
            },
          }),
        ]
      : [
          defineCheck({
            id: 'auth/anonymous-B', fn: 'anonymous_requests_are_refused', resource: 'protocol',
            description: 'anonymous requests are refused in B with 403', requirements: ['IB-5-anonymous-B'], readOnly: true,
            async run(ctx) {
              const reply = await ctx.target.call('posts.list', { as: 'anonymous', fields: { limit: 1 } });
              ctx.note(reply);
              expectRefused(reply, 'an anonymous GET /posts.json');
              if (reply.status !== 403) fail(`refused with ${reply.status}`, { reply, expected: '403 (INT-anonymous-refused)', actual: String(reply.status) });
            },
          }),
        ]),
    ...AUTH_METHODS.map((m) =>
      defineCheck({
        id: `auth/${m.mode}`, fn: m.fn, resource: 'protocol',
        description: `${m.text} authenticate a request as that user`, requirements: [m.id], readOnly: false,
        async run(ctx) {
          const d = await sentDmail(ctx);
          if (m.mode === 'password_hash' && !d.to.password_hash) skip(`the accounts file gives no password_hash for ${d.to.name} (INT-password-hash)`);
          const listed = await listIds(ctx, 'dmails.list', {}, { as: d.to, auth: m.mode });
          if (!listed.includes(d.id)) fail(`authenticated with ${m.text}, ${d.to.name} does not see their dmail ${d.id}`, { expected: `dmail ${d.id}`, actual: JSON.stringify(listed) });
          const title = ctx.unique('via');
          await succeed(ctx, 'dmails.create', { as: d.to, auth: m.mode, fields: { to_name: d.from.name, title, body: title } }, `a dmail sent with ${m.text}`);
        },
      }),
    ),
    defineCheck({
      id: 'flags/flag-for-deletion', fn: 'post_can_be_flagged', resource: 'post_flags',
      description: 'a post can be flagged for deletion, and the flag is listed', requirements: ['IB-3-flag-for-deletion'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        await succeed(ctx, 'post_flags.create', { fields: { post_id: post.id, reason: ctx.unique('reason') } }, 'flagging a post');
        const flags = await listIds(ctx, 'post_flags.list', { post_id: post.id });
        if (flags.length === 0) fail(`post_flags.list has no flag for post ${post.id}`, { expected: 'one flag', actual: '[]' });
      },
    }),
  ];
  return checks;
}

async function expectRefusedCall(ctx: CheckContext, opId: OperationId, id: number, as: Account): Promise<void> {
  const reply = await ctx.target.call(opId, { path: { id }, as });
  ctx.note(reply);
  expectRefused(reply, `${opId} of ${id} by ${as.name}`);
}
