/** The core resources in both variants and both formats: posts, versions, votes, flags, appeals, uploads, comments, dmails, users. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANTS, operationFor, userLevelsFor } from '../../specs/model/index.ts';
import type { TestServer } from './helpers.ts';
import { GIF, PNG2, account, get, makeServer, send, upload, xml } from './helpers.ts';

type Rec = Record<string, unknown>;

describe.each(VARIANTS)('resources, variant %s', (variant) => {
  let s: TestServer;
  const ratings = operationFor('posts.update', variant).params.find((p) => p.name === 'post[rating]')!.values!;
  beforeAll(async () => {
    s = await makeServer(variant);
  });
  afterAll(() => s.close());

  describe('uploads and posts', () => {
    let a: number;
    let b: number;
    let c: number;
    beforeAll(async () => {
      a = await upload(s, 'cat dog artist:painter_one');
      b = await upload(s, 'cat bird', {}, 'gold', GIF);
      c = await upload(s, 'dog two_words', { 'upload[source]': 'https://example.com/c.png', 'upload[parent_id]': String(a) }, 'member', PNG2);
    });

    it('converts an accepted upload into a post with its tags, rating, parent, source and md5', async () => {
      const post = (await get(s, `/posts/${c}.json`)).body as Rec;
      expect(post).toMatchObject({ id: c, tag_string: 'dog two_words', parent_id: a, source: 'https://example.com/c.png', uploader_name: account('member').name, file_ext: 'png' });
      expect(post.md5).toMatch(/^[0-9a-f]{32}$/);
      expect(post.rating).toBe(ratings[0]);
      expect((await get(s, `/posts/${a}.json`)).body.tag_string).toBe('cat dog painter_one');
      const uploads = (await get(s, '/uploads.json', 'member', { 'search[uploader_name]': account('gold').name })).body as Rec[];
      expect(uploads.map((u) => u.post_id)).toContain(b);
      const one = (await get(s, `/uploads/${uploads[0]!.id}.json`)).body as Rec;
      expect(one).toMatchObject({ post_id: b, file_ext: 'gif', status: 'completed' });
      const oneXml = xml.parse((await get(s, `/uploads/${uploads[0]!.id}.xml`)).text);
      expect(oneXml.upload.post_id['#text']).toBe(String(b));
    });

    it('keeps the tags table with categories from prefixes', async () => {
      const rows = await s.db.query<{ name: string; category: number; post_count: number }>("SELECT name, category, post_count FROM tags WHERE name IN ('cat', 'painter_one')");
      expect(rows).toEqual(expect.arrayContaining([{ name: 'cat', category: 0, post_count: 2 }, { name: 'painter_one', category: 1, post_count: 1 }]));
    });

    it('refuses uploads without file and source, with non-images, bad ratings, unknown parents', async () => {
      const m = account('member');
      const base = () => s.http.post('/uploads.json').field('login', m.name).field('api_key', m.api_key).field('upload[tag_string]', 'x');
      const neither = await base().field('upload[rating]', 'safe');
      expect(neither.status).toBe(424);
      expect(neither.body.reason).toMatch(/upload\[file\].*upload\[source\]/);
      const text = await base().field('upload[rating]', 'safe').attach('upload[file]', Buffer.from('just text'), 'a.png');
      expect(text.status).toBe(424);
      const rating = await base().field('upload[rating]', 'sortof').attach('upload[file]', PNG2, 'a.png');
      expect(rating.status).toBe(424);
      expect(rating.body.reason).toContain('upload[rating]');
      const noTags = await s.http.post('/uploads.xml').field('login', m.name).field('api_key', m.api_key).field('upload[rating]', 'safe').attach('upload[file]', PNG2, 'a.png');
      expect(noTags.status).toBe(424);
      expect(xml.parse(noTags.text).response['@_reason']).toContain('upload[tag_string]');
      const parent = await base().field('upload[rating]', 'safe').field('upload[parent_id]', '999999').attach('upload[file]', PNG2, 'a.png');
      expect(parent.status).toBe(424);
    });

    it('refuses files over the size limit', async () => {
      const small = await makeServer(variant, { db: s.db, maxUploadBytes: 50 });
      try {
        const m = account('member');
        const res = await small.http.post('/uploads.json').field('login', m.name).field('api_key', m.api_key).field('upload[tag_string]', 'x').field('upload[rating]', 'safe').attach('upload[file]', PNG2, 'big.png');
        expect(res.status).toBe(424);
        expect(res.body.success).toBe(false);
      } finally {
        await small.close();
      }
    });

    it('lists uploads by exact source only', async () => {
      const exact = (await get(s, '/uploads.json', 'member', { 'search[source]': 'https://example.com/c.png' })).body as Rec[];
      expect(exact).toHaveLength(1);
      expect((await get(s, '/uploads.json', 'member', { 'search[source]': 'https://example.com/c' })).body).toHaveLength(0);
      expect((await get(s, '/uploads.xml', 'member', { 'search[uploader_id]': 999 })).text).toContain('<uploads type="array"/>');
    });

    it('searches posts by tags, negation and meta-tags', async () => {
      const ids = async (tags: string, extra: Record<string, string | number> = {}) =>
        ((await get(s, '/posts.json', 'member', { tags, ...extra })).body as Rec[]).map((p) => p.id);
      expect(await ids('cat')).toEqual([b, a]);
      expect(await ids('cat dog')).toEqual([a]);
      expect(await ids('cat -dog')).toEqual([b]);
      expect(await ids(`rating:${ratings[0]}`)).toEqual(expect.arrayContaining([a, b, c]));
      expect(await ids(`rating:${ratings[2]} cat`)).toEqual([]);
      expect(await ids(`id:${a}`)).toEqual([a]);
      expect(await ids(`parent:${a}`)).toEqual([c]);
      expect(await ids(`user:${account('gold').name}`)).toEqual([b]);
      expect(await ids('cat order:id')).toEqual([a, b]);
      expect((await get(s, '/posts.json', 'member', { tags: 'rating:sideways' })).status).toBe(424);
      const listXml = xml.parse((await get(s, '/posts.xml', 'member', { tags: 'cat dog' })).text);
      expect(listXml.posts['@_type']).toBe('array');
      expect(listXml.posts.post.id['#text']).toBe(String(a));
      if (variant === 'A') {
        // raw: `tags` is one literal tag.
        expect(await ids('cat dog', { raw: 1 })).toEqual([]);
        expect(await ids('two_words', { raw: 1 })).toEqual([c]);
      } else {
        // raw does not exist in B: ignored.
        expect(await ids('cat dog', { raw: 1 })).toEqual([a]);
      }
    });

    it('clamps limit to 100, honours smaller limits and pages from 1', async () => {
      await s.db.query(
        `INSERT INTO posts (uploader_id, tag_string, tag_array, rating) SELECT (SELECT min(id) FROM users), 'filler', ARRAY['filler'], 's' FROM generate_series(1, 105)`,
      );
      const list = async (q: Record<string, string | number>) => (await get(s, '/posts.json', 'member', q)).body as Rec[];
      expect(await list({ limit: 1000 })).toHaveLength(100);
      expect(await list({ limit: 101 })).toHaveLength(100);
      expect(await list({ limit: 7 })).toHaveLength(7);
      expect(await list({})).toHaveLength(20);
      const p1 = (await list({ limit: 5, page: 1 })).map((p) => p.id);
      const p2 = (await list({ limit: 5, page: 2 })).map((p) => p.id);
      expect(p1.filter((id) => p2.includes(id))).toEqual([]);
      expect(Math.min(...(p1 as number[]))).toBeGreaterThan(Math.max(...(p2 as number[])));
      // INT-paging: page <= 0 and junk are page 1; a limit below 1 is refused.
      const first = (await list({ limit: 5 })).map((p) => p.id);
      expect((await list({ limit: 5, page: 0 })).map((p) => p.id)).toEqual(first);
      expect((await list({ limit: 5, page: 'x' })).map((p) => p.id)).toEqual(first);
      expect((await get(s, '/posts.json', 'member', { limit: -1 })).status).toBe(424);
    });

    it('updates a post, records a version per change, and reverts to a version', async () => {
      const before = (await get(s, `/posts/${b}.json`)).body as Rec;
      const upd = await send(s, 'put', `/posts/${b}.json`, 'gold', { 'post[tag_string]': 'cat bird character:someone', 'post[rating]': ratings[2]!, 'post[parent_id]': a, 'post[source]': 'not a url' });
      expect(upd.body).toEqual({ success: true, reason: '', id: b });
      const after = (await get(s, `/posts/${b}.json`)).body as Rec;
      expect(after).toMatchObject({ tag_string: 'cat bird someone', rating: ratings[2], parent_id: a, source: 'not a url' });
      const versions = (await get(s, '/post_versions.json', 'member', { 'search[post_id]': b })).body as Rec[];
      expect(versions.map((v) => v.version)).toEqual([2, 1]);
      expect(versions[0]).toMatchObject({ updater_name: account('gold').name, added_tags: ['someone'], rating: ratings[2] });
      // No change, no version.
      await send(s, 'put', `/posts/${b}.json`, 'gold', { 'post[tag_string]': 'cat bird someone' });
      expect((await get(s, '/post_versions.json', 'member', { 'search[post_id]': b })).body).toHaveLength(2);
      const first = versions[1]!.id as number;
      const rev = await send(s, 'put', `/posts/${b}/revert.xml`, 'member', { version_id: first });
      expect(xml.parse(rev.text).response['@_success']).toBe('true');
      const reverted = (await get(s, `/posts/${b}.json`)).body as Rec;
      for (const f of ['tag_string', 'rating', 'source', 'parent_id']) expect(reverted[f]).toEqual(before[f]);
      const listed = (await get(s, '/post_versions.xml', 'member', { 'search[post_id]': b, 'search[updater_name]': account('member').name })).text;
      expect(xml.parse(listed).post_versions.post_version.version['#text']).toBe('3');
      expect(((await get(s, '/post_versions.json', 'member', { 'search[updater_id]': 999999 })).body as Rec[]).length).toBe(0);
      if (variant === 'A') {
        const start = (await get(s, '/post_versions.json', 'member', { 'search[post_id]': b, 'search[start_id]': first })).body as Rec[];
        expect(start.every((v) => (v.id as number) >= first)).toBe(true);
      }
      // A version of another post, an unknown version, a missing version_id.
      const otherVersion = ((await get(s, '/post_versions.json', 'member', { 'search[post_id]': a })).body as Rec[])[0]!.id;
      expect((await send(s, 'put', `/posts/${b}/revert.json`, 'member', { version_id: otherVersion as number })).status).toBe(424);
      expect((await send(s, 'put', `/posts/${b}/revert.json`, 'member', {})).status).toBe(424);
      expect((await send(s, 'put', `/posts/999999/revert.json`, 'member', { version_id: first })).status).toBe(404);
    });

    it('refuses bad updates without writing', async () => {
      // The file URLs name the host the request was sent to: each supertest request gets its own port.
      const stable = (r: Rec) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.endsWith('_url')));
      const before = stable((await get(s, `/posts/${a}.json`)).body as Rec);
      expect((await send(s, 'put', `/posts/${a}.json`, 'member', { 'post[rating]': 'zzz', 'post[tag_string]': 'changed' })).status).toBe(424);
      expect((await send(s, 'put', `/posts/${a}.json`, 'member', { 'post[parent_id]': a, 'post[tag_string]': 'changed' })).status).toBe(424);
      expect((await send(s, 'put', `/posts/${a}.json`, 'member', { 'post[parent_id]': 999999 })).status).toBe(424);
      expect((await send(s, 'put', `/posts/999999.json`, 'member', { 'post[tag_string]': 'x' })).status).toBe(404);
      expect(stable((await get(s, `/posts/${a}.json`)).body as Rec)).toEqual(before);
    });

    it('votes: one per user per post, score on the post', async () => {
      const v1 = await send(s, 'post', `/posts/${a}/votes.json`, 'member', { score: 'up' });
      expect(v1.body).toMatchObject({ success: true });
      await send(s, 'post', `/posts/${a}/votes.json`, 'gold', { score: 'up' });
      expect((await get(s, `/posts/${a}.json`)).body).toMatchObject({ score: 2, up_score: 2 });
      const again = await send(s, 'post', `/posts/${a}/votes.xml`, 'member', { score: 'down' });
      expect(xml.parse(again.text).response['@_success']).toBe('true');
      expect((await get(s, `/posts/${a}.json`)).body).toMatchObject({ score: 0, up_score: 1, down_score: -1 });
      expect((await send(s, 'post', '/posts/999999/votes.json', 'member', { score: 'up' })).status).toBe(404);
    });

    it('flags and appeals: create and list with their searches', async () => {
      for (const [res, prefix] of [['post_flags', 'post_flag'], ['post_appeals', 'post_appeal']] as const) {
        const ok = await send(s, 'post', `/${res}.json`, 'member', { [`${prefix}[post_id]`]: c, [`${prefix}[reason]`]: `${res} reason` });
        expect(ok.body).toMatchObject({ success: true, id: expect.any(Number) });
        expect((await send(s, 'post', `/${res}.json`, 'member', { [`${prefix}[post_id]`]: 999999, [`${prefix}[reason]`]: 'x' })).status).toBe(424);
        expect((await send(s, 'post', `/${res}.json`, 'member', { [`${prefix}[post_id]`]: c })).status).toBe(424);
        const byPost = (await get(s, `/${res}.json`, 'gold', { 'search[post_id]': c })).body as Rec[];
        expect(byPost).toHaveLength(1);
        expect(byPost[0]).toMatchObject({ post_id: c, reason: `${res} reason`, creator_name: account('member').name });
        expect((await get(s, `/${res}.json`, 'gold', { 'search[creator_name]': account('gold').name })).body).toHaveLength(0);
        expect((await get(s, `/${res}.json`, 'gold', { 'search[creator_id]': byPost[0]!.creator_id as number })).body).toHaveLength(1);
        const listXml = xml.parse((await get(s, `/${res}.xml`, 'gold')).text);
        expect(listXml[res]['@_type']).toBe('array');
      }
    });

    it(variant === 'A' ? 'copies notes to another post (copy_notes)' : 'has no copy_notes', async () => {
      const u = (await s.db.query<{ id: number }>('SELECT min(id) AS id FROM users'))[0]!.id;
      await s.db.query('INSERT INTO notes (post_id, creator_id, x, y, width, height, body) VALUES ($1, $2, 1, 2, 3, 4, $3)', [a, u, 'note one']);
      const res = await send(s, 'put', `/posts/${a}/copy_notes.json`, 'member', { other_post_id: b });
      if (variant === 'B') {
        expect(res.status).toBe(404);
        return;
      }
      expect(res.body).toMatchObject({ success: true });
      const copied = await s.db.query<{ body: string }>('SELECT body FROM notes WHERE post_id = $1', [b]);
      expect(copied).toEqual([{ body: 'note one' }]);
      expect((await send(s, 'put', `/posts/${a}/copy_notes.json`, 'member', { other_post_id: 999999 })).status).toBe(424);
      expect((await send(s, 'put', `/posts/${a}/copy_notes.json`, 'member', {})).status).toBe(424);
    });

    describe('comments', () => {
      it('create, show, update, delete, with every search parameter', async () => {
        const created = await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': a, 'comment[body]': 'First Comment body' });
        const id = created.body.id as number;
        const shown = (await get(s, `/comments/${id}.json`)).body as Rec;
        expect(shown).toMatchObject({ id, post_id: a, body: 'First Comment body', creator_name: account('member').name, do_not_bump_post: false });
        const bumped = (await get(s, `/posts/${a}.json`)).body.last_commented_at;
        expect(bumped).not.toBeNull();
        const quiet = await send(s, 'post', '/comments.xml', 'member2', { 'comment[post_id]': b, 'comment[body]': 'quiet', 'comment[do_not_bump_post]': 1 });
        const quietId = Number(xml.parse(quiet.text).response['@_id']);
        expect((await get(s, `/comments/${quietId}.json`)).body.do_not_bump_post).toBe(true);
        expect((await get(s, `/posts/${b}.json`)).body.last_commented_at).toBeNull();
        const find = async (q: Record<string, string | number>) => ((await get(s, '/comments.json', 'gold', q)).body as Rec[]).map((x) => x.id);
        expect(await find({ 'search[creator_name]': account('member').name })).toEqual([id]);
        expect(await find({ 'search[creator_name]': 'conform_mem' })).toEqual([]);
        expect(await find({ 'search[creator_id]': shown.creator_id as number })).toEqual([id]);
        expect(await find({ 'search[body_matches]': 'first comment' })).toEqual([id]);
        expect(await find({ 'search[post_tags_match]': 'cat bird' })).toEqual([quietId]);
        expect(await find({ group_by: 'comment' })).toEqual([quietId, id]);
        expect((await get(s, '/comments.json', 'gold', { group_by: 'post' })).status).toBe(424);
        if (variant === 'A') expect(await find({ 'search[post_id]': a })).toEqual([id]);
        else expect(await find({ 'search[post_id]': a })).toEqual([quietId, id]);
        // Only the creator (or a moderator) edits and deletes.
        expect((await send(s, 'put', `/comments/${id}.json`, 'gold', { 'comment[body]': 'hijack' })).status).toBe(403);
        expect((await send(s, 'put', `/comments/${id}.json`, 'member', {})).status).toBe(424);
        const upd = await send(s, 'put', `/comments/${id}.json`, 'member', { 'comment[body]': 'edited' });
        expect(upd.body).toMatchObject({ success: true, id });
        expect((await get(s, `/comments/${id}.xml`)).text).toContain('<body>edited</body>');
        expect((await send(s, 'put', `/comments/${id}.json`, 'moderator', { 'comment[body]': 'moderated' })).status).toBe(200);
        expect((await send(s, 'delete', `/comments/${id}.json`, 'gold')).status).toBe(403);
        const del = await send(s, 'delete', `/comments/${id}.xml`, 'member');
        expect(xml.parse(del.text).response['@_success']).toBe('true');
        expect((await get(s, `/comments/${id}.json`)).status).toBe(404);
        expect((await send(s, 'delete', `/comments/${id}.json`, 'member')).status).toBe(404);
        expect((await send(s, 'put', `/comments/${id}.json`, 'member', { 'comment[body]': 'x' })).status).toBe(404);
        expect((await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': 999999, 'comment[body]': 'x' })).status).toBe(424);
        expect((await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': a, 'comment[body]': 'x', 'comment[do_not_bump_post]': 2 })).status).toBe(424);
      });
    });
  });

  describe('dmails', () => {
    it('are listed, shown and deleted by their owners only; showing marks read', async () => {
      const sent = await send(s, 'post', '/dmails.json', 'member', { 'dmail[to_name]': account('gold').name, 'dmail[title]': 'Greetings', 'dmail[body]': 'secret body' });
      const id = sent.body.id as number;
      const listOf = async (who: string, q: Record<string, string | number> = {}) => ((await get(s, '/dmails.json', who, q)).body as Rec[]).map((d) => d.id);
      expect(await listOf('member')).toContain(id);
      expect(await listOf('gold')).toContain(id);
      expect(await listOf('member2')).not.toContain(id);
      const other = await get(s, `/dmails/${id}.json`, 'member2');
      expect(other.status).toBe(403);
      expect(other.text).not.toContain('secret body');
      expect((await send(s, 'delete', `/dmails/${id}.json`, 'member2')).status).toBe(403);
      if (variant === 'A') {
        expect(await listOf('gold', { 'search[read]': 'false' })).toContain(id);
        expect(await listOf('gold', { 'search[read]': 'true' })).not.toContain(id);
        expect((await get(s, '/dmails.json', 'gold', { 'search[read]': 'maybe' })).status).toBe(424);
      }
      // The sender showing it does not mark it read; the recipient does.
      expect((await get(s, `/dmails/${id}.json`, 'member')).body.is_read).toBe(false);
      const shown = (await get(s, `/dmails/${id}.xml`, 'gold')).text;
      expect(xml.parse(shown).dmail.body).toBe('secret body');
      expect((await get(s, `/dmails/${id}.json`, 'gold')).body.is_read).toBe(true);
      if (variant === 'A') expect(await listOf('gold', { 'search[read]': 'true' })).toContain(id);
      // Searches.
      expect(await listOf('gold', { 'search[message_matches]': 'greet' })).toContain(id);
      expect(await listOf('gold', { 'search[message_matches]': 'nothing like it' })).not.toContain(id);
      expect(await listOf('gold', { 'search[to_name]': account('gold').name })).toContain(id);
      expect(await listOf('gold', { 'search[from_name]': account('gold').name })).not.toContain(id);
      expect(await listOf('gold', { 'search[from_id]': (await get(s, `/dmails/${id}.json`, 'gold')).body.from_id })).toContain(id);
      expect(await listOf('gold', { 'search[to_id]': 999999 })).toEqual([]);
      // Deleting removes it for that owner only.
      expect((await send(s, 'delete', `/dmails/${id}.json`, 'gold')).body).toMatchObject({ success: true });
      expect(await listOf('gold')).not.toContain(id);
      expect(await listOf('member')).toContain(id);
      expect((await get(s, `/dmails/${id}.json`, 'gold')).status).toBe(403);
      expect((await get(s, '/dmails/999999.json', 'gold')).status).toBe(404);
    });

    it('need a known recipient, a title and a body (420)', async () => {
      expect((await send(s, 'post', '/dmails.json', 'member', { 'dmail[title]': 't', 'dmail[body]': 'b' })).status).toBe(420);
      expect((await send(s, 'post', '/dmails.json', 'member', { 'dmail[to_name]': 'nobody_at_all', 'dmail[title]': 't', 'dmail[body]': 'b' })).status).toBe(420);
      const noBody = await send(s, 'post', '/dmails.xml', 'member', { 'dmail[to_name]': account('gold').name, 'dmail[title]': 't' });
      expect(noBody.status).toBe(420);
      expect(xml.parse(noBody.text).response['@_reason']).toContain('dmail[body]');
    });
  });

  describe('users', () => {
    const sortKey = variant === 'A' ? 'search[order]' : 'search[sort]';
    it('have the levels of the variant', async () => {
      const users = (await get(s, '/users.json')).body as Rec[];
      for (const l of userLevelsFor(variant)) expect(users.some((u) => u.level === l.level && u.level_string === l.role)).toBe(true);
      expect(users).toHaveLength(ACCOUNT_COUNT[variant]);
      const one = xml.parse((await get(s, `/users/${users[0]!.id}.xml`)).text);
      expect(one.user.level['@_type']).toBe('integer');
      expect((await get(s, '/users/999999.json')).status).toBe(404);
    });
    it('search by name patterns, levels and id', async () => {
      const names = async (q: Record<string, string | number>) => ((await get(s, '/users.json', 'member', q)).body as Rec[]).map((u) => u.name).sort();
      expect(await names({ 'search[name]': 'conform_member' })).toEqual(['conform_member']);
      expect(await names({ 'search[name]': 'CONFORM_GOLD' })).toEqual(['conform_gold']);
      expect(await names({ 'search[name]': 'conform_mem*' })).toEqual(['conform_member', 'conform_member2']);
      expect(await names({ 'search[name]': '*old' })).toEqual(['conform_gold']);
      expect(await names({ 'search[name]': 'conform_mem' })).toEqual([]);
      expect(await names({ 'search[level]': 20 })).toEqual(['conform_member', 'conform_member2']);
      expect(await names({ 'search[min_level]': 40 })).toEqual(['conform_admin', 'conform_moderator']);
      const maxed = await names({ 'search[max_level]': 30 });
      if (variant === 'A') expect(maxed).toEqual(['conform_gold', 'conform_member', 'conform_member2']);
      else expect(maxed).toHaveLength(ACCOUNT_COUNT.B);
      const gold = (await get(s, '/users.json', 'member', { 'search[name]': 'conform_gold' })).body[0].id;
      expect(await names({ 'search[id]': gold })).toEqual(['conform_gold']);
      expect((await get(s, '/users.json', 'member', { 'search[level]': 'high' })).status).toBe(424);
    });
    it('sort by the variant\'s sort key', async () => {
      const byName = ((await get(s, '/users.json', 'member', { [sortKey]: 'name' })).body as Rec[]).map((u) => u.name as string);
      expect(byName).toEqual([...byName].sort());
      const byUploads = ((await get(s, '/users.json', 'member', { [sortKey]: 'post_upload_count' })).body as Rec[]).map((u) => u.post_upload_count as number);
      expect(byUploads).toEqual([...byUploads].sort((x, y) => y - x));
      expect(byUploads[0]).toBeGreaterThan(0);
      for (const v of ['note_count', 'post_update_count', 'date']) expect((await get(s, '/users.json', 'member', { [sortKey]: v })).status).toBe(200);
      expect((await get(s, '/users.json', 'member', { [sortKey]: 'shoe_size' })).status).toBe(424);
    });
  });
});

const ACCOUNT_COUNT = { A: 7, B: 9 } as const;
