/**
 * `auth/*`: anonymous requests (served in A, refused in B); each authentication method authenticates
 * a request as the named user, and with a wrong secret of its own kind does not.
 */
import type { Variant } from '../../../specs/model/index.ts';
import { operationsFor } from '../../../specs/model/index.ts';
import type { RequirementId } from '../../../specs/requirements/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import type { AuthMode } from '../target.ts';
import { exampleFor, type Example } from '../examples.ts';
import { recordId } from '../formats.ts';
import { makePost } from '../world.ts';
import { expectRefused, listIds, succeed } from './support/calls.ts';
import { listedDmails, listsDmail, sentDmail } from './support/sent-dmail.ts';

interface AuthMethod {
  readonly mode: AuthMode;
  readonly requirement: RequirementId;
  readonly text: string;
}

const API_KEY: AuthMethod = { mode: 'api_key', requirement: 'IB-5-auth-api-key', text: 'login and api_key' };
const BASIC: AuthMethod = { mode: 'basic', requirement: 'IB-5-auth-basic', text: 'HTTP Basic (name and API key)' };
const PASSWORD_HASH: AuthMethod = { mode: 'password_hash', requirement: 'IB-5-auth-password-hash', text: 'login and the legacy password_hash' };
const COOKIE: AuthMethod = { mode: 'cookie', requirement: 'IB-5-auth-session-cookie', text: 'the session cookie (INT-session-cookie)' };

/** The fields and path of an example request, as call options. */
function requestOf(example: Example): { fields?: Example['fields']; path?: Example['path'] } {
  return { ...(example.fields ? { fields: example.fields } : {}), ...(example.path ? { path: example.path } : {}) };
}

/** A method with a wrong secret of its own kind does not authenticate as the named user (its check's id, description and run). */
function wrongSecret(m: AuthMethod): Pick<Check, 'id' | 'resource' | 'description' | 'requirements' | 'readOnly' | 'run'> {
  return {
    id: m.mode === 'api_key' ? 'auth/bad-key' : `auth/bad-${m.mode}`, resource: 'protocol',
    // The key is secret (section 5): a wrong one by parameters, Basic or a legacy hash is a MUST failure; the cookie is a reading.
    description: `${m.text} with a wrong secret does not authenticate as the named user: it neither reads as them nor writes as them, and no write of the document it sends succeeds where the same request without credentials is refused`, requirements: [m.mode === 'cookie' ? 'IB-5-auth-bad-cookie' : 'IB-5-auth-bad-key'], readOnly: false,
    async run(ctx) {
      const d = await sentDmail(ctx);
      if (m.mode === 'password_hash' && !d.to.password_hash) skip(`the accounts file gives no password_hash for ${d.to.name} (INT-password-hash)`);
      // A made-up secret, and the secret of another account (the third, who may see nothing of the dmail): a
      // server that looks the key up among every user's, not the named user's, takes the second.
      // And an empty secret: a server that compares the secret only when one is given takes it.
      const secrets = [true, 'empty', ...(m.mode !== 'password_hash' || d.third.password_hash ? [d.third] : [])] as const;
      const what = (w: (typeof secrets)[number]) => (w === true ? 'a wrong secret' : w === 'empty' ? 'an empty secret' : `the secret of ${w.name}`);
      for (const wrongSecret of secrets) {
        const reply = await ctx.target.call('dmails.list', { as: d.to, auth: m.mode, wrongSecret });
        ctx.note(reply);
        if (listsDmail(reply, d.id)) fail(`${m.text} with ${what(wrongSecret)} for ${d.to.name} lists their dmail ${d.id}`, { reply, expected: 'not authenticated', actual: 'the user\'s dmails' });
      }
      // Nor shows it: whoever the request is taken for, it is not the owner.
      const shown = await ctx.target.call('dmails.show', { path: { id: d.id }, as: d.to, auth: m.mode, wrongSecret: true });
      ctx.note(shown);
      if (shown.ok && shown.text().includes(d.title)) fail(`${m.text} with a wrong secret for ${d.to.name} shows their dmail ${d.id}`, { reply: shown, expected: 'not authenticated: the dmail not shown', actual: String(shown.status) });
      // In B every request needs a logged-in caller: one with a wrong secret is not logged in, and is refused.
      if (ctx.variant === 'B') {
        const read = await ctx.target.call('posts.list', { as: d.to, auth: m.mode, wrongSecret: true, fields: { limit: 1 } });
        ctx.note(read);
        expectRefused(read, `GET /posts.json with ${m.text} and a wrong secret in B (nobody is logged in)`);
      }
      // A server may check the secret where it reads and not where it writes: a delete of the user's own
      // dmail, with the wrong secret, must leave it (as anonymous, or refused, nobody may delete it).
      const removal = await ctx.target.call('dmails.delete', { path: { id: d.id }, as: d.to, auth: m.mode, wrongSecret: true });
      ctx.note(removal);
      if (!(await listedDmails(ctx, d, d.to)).includes(d.id)) fail(`${m.text} with a wrong secret for ${d.to.name} deleted their dmail ${d.id}`, { reply: removal, expected: 'not authenticated: the dmail kept', actual: `answered ${removal.status}, and the dmail is gone` });
      // Nor where it creates: a comment sent with the wrong secret is not among the user's comments (who
      // made it, if anyone, is told by the documented search by creator).
      const post = await makePost(ctx);
      const body = ctx.unique('forged');
      const made = await ctx.target.call('comments.create', { as: d.to, auth: m.mode, wrongSecret: true, fields: { post_id: post.id, body } });
      ctx.note(made);
      const theirs = await listIds(ctx, 'comments.list', { creator_name: d.to.name, body_matches: body });
      if (theirs.length > 0) fail(`${m.text} with a wrong secret for ${d.to.name} made comment ${theirs[0]} as them`, { reply: made, expected: `no comment of ${d.to.name}`, actual: `comment ${theirs[0]}, listed by creator_name=${d.to.name}` });
      // And every other write of the document, as the account whose records its valid request names (a
      // server may compare the secret in one controller and not in the next): refused, in B (nobody is
      // logged in). A may serve anonymous callers and the document says nothing of who may make each write,
      // so there a write that succeeds is sent again, anew, without credentials: it fails only if that is
      // refused.
      const as = ctx.accounts.actor;
      if (m.mode === 'password_hash' && !as.password_hash) return;
      for (const op of operationsFor(ctx.variant).filter((o) => o.stateChanging && o.resource !== 'dmails')) {
        const example = await ctx.world.get(`wrong-secret-example:${op.id}`, () => exampleFor(ctx, op.id));
        if (example.expect !== 'success') continue;
        const reply = await ctx.target.call(op.id, { as, auth: m.mode, wrongSecret: true, ...requestOf(example) });
        ctx.note(reply);
        if (!reply.ok) continue;
        if (ctx.variant === 'A') {
          const anonymous = await ctx.target.call(op.id, { as: 'anonymous', ...requestOf(await exampleFor(ctx, op.id)) });
          ctx.note(anonymous);
          if (anonymous.ok) continue;
        }
        fail(`${op.method} ${op.path}.json with ${m.text} and a wrong secret for ${as.name} succeeded (${reply.status})${ctx.variant === 'A' ? ', where the same request without credentials is refused' : ''}`, { reply, expected: 'a refusal', actual: String(reply.status) });
      }
    },
  };
}

/** A method authenticates a request as the named user: it lists their dmail and sends one as them (its check's id, description and run). */
function authenticates(m: AuthMethod): Pick<Check, 'id' | 'resource' | 'description' | 'requirements' | 'readOnly' | 'run'> {
  return {
    id: `auth/${m.mode}`, resource: 'protocol',
    description: `${m.text} authenticate a request as that user: a dmail listed, shown and sent, a post updated, a record of every kind made without an id in its path, and a record of every kind updated${m.mode === 'basic' ? ' (and, by turns with login and api_key, every request whose check chooses no method)' : ''}`, requirements: [m.requirement], readOnly: false,
    async run(ctx) {
      const d = await sentDmail(ctx);
      if (m.mode === 'password_hash' && !d.to.password_hash) skip(`the accounts file gives no password_hash for ${d.to.name} (INT-password-hash)`);
      const listed = await listedDmails(ctx, d, d.to, { auth: m.mode });
      if (!listed.includes(d.id)) fail(`authenticated with ${m.text}, ${d.to.name} does not see their dmail ${d.id}`, { expected: `dmail ${d.id}`, actual: JSON.stringify(listed) });
      // And shown it: a server may read the credentials where it shows a record of its owner's and not where it lists.
      await succeed(ctx, 'dmails.show', { as: d.to, auth: m.mode, path: { id: d.id } }, `dmail ${d.id} shown to ${d.to.name} with ${m.text}`);
      const title = ctx.unique('via');
      await succeed(ctx, 'dmails.create', { as: d.to, auth: m.mode, fields: { to_name: d.from.name, title, body: title } }, `a dmail sent with ${m.text}`);
      // And a write to another resource: a post's tags updated with it (a server may guard each resource on its own).
      const post = await makePost(ctx);
      const tag = ctx.unique('via').toLowerCase();
      await succeed(ctx, 'posts.update', { as: d.to, auth: m.mode, path: { id: post.id }, fields: { tag_string: `${post.tag} ${tag}` } }, `a post update sent with ${m.text}`);
      // And a create of every resource that is made without a record in its path, and an update of every
      // resource (a server may read the credentials in each controller of its own): the updates by the
      // account whose records the valid requests name, when the method can carry its credentials.
      const updater = m.mode !== 'password_hash' || ctx.accounts.actor.password_hash ? ctx.accounts.actor : undefined;
      for (const op of operationsFor(ctx.variant).filter((o) => (o.method === 'POST' && !o.path.includes('{')) || (o.kind === 'update' && updater))) {
        const example = await exampleFor(ctx, op.id);
        if (example.expect !== 'success') continue;
        const as = op.kind === 'update' ? updater! : d.to;
        await succeed(ctx, op.id, { as, auth: m.mode, ...requestOf(example) }, `${op.method} ${op.path}.json sent with ${m.text}`);
      }
    },
  };
}

export const wrong_secret_does_not_authenticate_by_api_key = defineCheck({ fn: 'wrong_secret_does_not_authenticate_by_api_key', ...wrongSecret(API_KEY) });
export const wrong_secret_does_not_authenticate_by_basic = defineCheck({ fn: 'wrong_secret_does_not_authenticate_by_basic', ...wrongSecret(BASIC) });
export const wrong_secret_does_not_authenticate_by_password_hash = defineCheck({ fn: 'wrong_secret_does_not_authenticate_by_password_hash', ...wrongSecret(PASSWORD_HASH) });
export const wrong_secret_does_not_authenticate_by_cookie = defineCheck({ fn: 'wrong_secret_does_not_authenticate_by_cookie', ...wrongSecret(COOKIE) });

export const anonymous_reads_are_served = defineCheck({
  id: 'auth/anonymous-A', fn: 'anonymous_reads_are_served', resource: 'protocol',
  description: 'anonymous read requests are served in A: every list that needs no parameter (dmails aside: a user lists only their own) and a post', requirements: ['IB-5-anonymous-A'], readOnly: true,
  async run(ctx) {
    const posts = await succeed(ctx, 'posts.list', { as: 'anonymous', fields: { limit: 1 } }, 'an anonymous GET /posts.json');
    // "A allows anonymous requests": every read, not the first one a server lets through.
    for (const op of operationsFor(ctx.variant).filter((o) => o.method === 'GET' && o.kind === 'list' && o.resource !== 'dmails' && !o.params.some((x) => x.location === 'path' || x.required))) {
      if (op.id !== 'posts.list') await succeed(ctx, op.id, { as: 'anonymous' }, `an anonymous GET ${op.path}.json`);
    }
    const post = (posts.list() ?? []).map((r) => recordId(r)).find((id) => id !== undefined);
    if (post !== undefined) await succeed(ctx, 'posts.show', { as: 'anonymous', path: { id: post } }, `an anonymous GET /posts/${post}.json`);
  },
});

export const anonymous_requests_are_refused = defineCheck({
  id: 'auth/anonymous-B', fn: 'anonymous_requests_are_refused', resource: 'protocol',
  description: 'anonymous requests are refused in B (403, or 401), by every listing, in JSON and in XML', requirements: ['IB-5-anonymous-B'], readOnly: true,
  async run(ctx) {
    const reply = await ctx.target.call('posts.list', { as: 'anonymous', fields: { limit: 1 } });
    ctx.note(reply);
    expectRefused(reply, 'an anonymous GET /posts.json');
    // "B requires the caller to be logged in": every operation, not the first one a server guards, through
    // either path (a guard on the .json path alone lets the XML answer through).
    for (const op of operationsFor(ctx.variant).filter((o) => o.method === 'GET' && !o.params.some((x) => x.location === 'path'))) {
      for (const format of op.id === 'posts.list' ? (['xml'] as const) : (['json', 'xml'] as const)) {
        const other = await ctx.target.call(op.id, { as: 'anonymous', format });
        expectRefused(other, `an anonymous GET ${op.path}.${format}`);
      }
    }
    // A show too, of a post that exists (as a logged-in user lists it).
    const post = (await listIds(ctx, 'posts.list', { limit: 1 }))[0];
    if (post !== undefined) {
      const shown = await ctx.target.call('posts.show', { as: 'anonymous', path: { id: post } });
      ctx.note(shown);
      expectRefused(shown, `an anonymous GET /posts/${post}.json`);
    }
    if (reply.status !== 403 && reply.status !== 401) {
      fail(`refused with ${reply.status}`, { reply, expected: '403 or 401 (INT-anonymous-refused)', actual: String(reply.status), interpretation: 'INT-anonymous-refused' });
    }
  },
});

export const anonymous_writes_are_refused = defineCheck({
  id: 'auth/anonymous-writes-B', fn: 'anonymous_writes_are_refused', resource: 'protocol',
  description: 'anonymous state-changing requests are refused in B (403, or 401): a valid request of every state-changing operation, sent without credentials',
  requirements: ['IB-5-anonymous-B'], readOnly: false,
  async run(ctx) {
    // "B requires the caller to be logged in": the writes too, each one a logged-in user may make.
    let other: { status: number; what: string } | undefined;
    for (const op of operationsFor(ctx.variant).filter((o) => o.method !== 'GET')) {
      const example = await exampleFor(ctx, op.id);
      const reply = await ctx.target.call(op.id, { as: 'anonymous', ...(example.fields ? { fields: example.fields } : {}), ...(example.path ? { path: example.path } : {}) });
      ctx.note(reply);
      const what = `an anonymous ${op.method} ${op.path}.json`;
      expectRefused(reply, what);
      if (reply.status !== 403 && reply.status !== 401) other ??= { status: reply.status, what };
    }
    if (other) fail(`${other.what} was refused with ${other.status}`, { expected: '403 or 401 (INT-anonymous-refused)', actual: String(other.status), interpretation: 'INT-anonymous-refused' });
  },
});

export const login_and_api_key_authenticate = defineCheck({ fn: 'login_and_api_key_authenticate', ...authenticates(API_KEY) });
export const basic_authentication_authenticates = defineCheck({ fn: 'basic_authentication_authenticates', ...authenticates(BASIC) });
export const legacy_password_hash_authenticates = defineCheck({ fn: 'legacy_password_hash_authenticates', ...authenticates(PASSWORD_HASH) });
export const session_cookie_authenticates = defineCheck({ fn: 'session_cookie_authenticates', ...authenticates(COOKIE) });

export function checks(variant: Variant): Check[] {
  return [
    wrong_secret_does_not_authenticate_by_api_key,
    wrong_secret_does_not_authenticate_by_basic,
    wrong_secret_does_not_authenticate_by_password_hash,
    wrong_secret_does_not_authenticate_by_cookie,
    ...(variant === 'A' ? [anonymous_reads_are_served] : [anonymous_requests_are_refused, anonymous_writes_are_refused]),
    login_and_api_key_authenticate,
    basic_authentication_authenticates,
    legacy_password_hash_authenticates,
    session_cookie_authenticates,
  ];
}
