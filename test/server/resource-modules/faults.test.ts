/**
 * The faults of the resource modules of these cases (artists, notes, pools, tags, wiki pages, forum,
 * artist commentaries): each one really changes the behaviour it claims. Every fault runs on its own
 * app over one shared database (variant A, where every one of them applies), using names of its own;
 * the same steps without the fault are the resource tests of variant-a.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/index.ts';
import { allFaults, findFault, openDb } from '../../../src/server/index.ts';
import { faultAppliesTo } from '../../../src/server/faults.ts';
import { artistCommentariesModule } from '../../../src/server/resources/artist_commentaries.ts';
import { artistsModule } from '../../../src/server/resources/artists.ts';
import { forumPostsModule } from '../../../src/server/resources/forum_posts.ts';
import { forumTopicsModule } from '../../../src/server/resources/forum_topics.ts';
import { notesModule } from '../../../src/server/resources/notes.ts';
import { poolsModule } from '../../../src/server/resources/pools.ts';
import { relatedTagModule } from '../../../src/server/resources/related_tag.ts';
import { tagsModule } from '../../../src/server/resources/tags.ts';
import { wikiPagesModule } from '../../../src/server/resources/wiki_pages.ts';
import { Server, ids, versionIds } from './helpers.ts';
import { scaled } from '../../support/time.ts';

type Run = (s: Server, name: string) => Promise<void>;

const artist = (s: Server, fields: Record<string, string>) =>
  s.create('/artists.json', Object.fromEntries(Object.entries(fields).map(([k, v]) => [`artist[${k}]`, v])));
const byName = async (s: Server, value: string) => ids(await s.list('/artists.json', { 'search[name]': value }));
const pool = (s: Server, name: string) => s.create('/pools.json', { 'pool[name]': name, 'pool[description]': 'd' });
const wiki = (s: Server, title: string) => s.send('POST', '/wiki_pages.json', { 'wiki_page[title]': title, 'wiki_page[body]': 'b' });
const topic = (s: Server, title: string) => s.create('/forum_topics.json', { 'forum_topic[title]': title, 'forum_topic[original_post_attributes][body]': 'b' });
const firstPost = async (s: Server, topicId: number) => ids(await s.list('/forum_posts.json', { 'search[topic_id]': topicId }))[0]!;
const note = async (s: Server, body: string) => {
  const post = await s.post(`${body}_post`);
  return s.create('/notes.json', { 'note[post_id]': post, 'note[x]': 1, 'note[y]': 1, 'note[width]': 2, 'note[height]': 2, 'note[body]': body });
};
const commentary = async (s: Server, postId: number, title: string) =>
  (await s.ok('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': postId, 'artist_commentary[original_title]': title })).id as number;

/** The version ids listed for one record, read without the filter under test (from the unfiltered list). */
const versionIdsOf = async (s: Server, path: string, field: string, id: number) => (await s.list(path)).filter((r) => r[field] === id).map((r) => r.id as number);
/** The first post of a topic, read without search[topic_id] (the filter under test). */
const firstPostOf = async (s: Server, topicId: number) => (await s.list('/forum_posts.json')).find((r) => r.topic_id === topicId)!.id as number;

/** What each fault makes the server do (asserted with the fault on). */
const FAULTS: Readonly<Record<string, Run>> = {
  'artists-url-search-ignored': async (s, n) => {
    await artist(s, { name: n, url_string: `https://${n}.example/a` });
    expect(await byName(s, `https://${n}.example/a`)).toEqual([]);
  },
  'artists-name-prefix-searches-other-names': async (s, n) => {
    await artist(s, { name: `${n}_base` });
    const other = await artist(s, { name: `${n}_else`, other_names_comma: `${n}_base` });
    expect(await byName(s, `name:${n}_base`)).toContain(other);
  },
  'artists-name-prefix-ignored': async (s, n) => {
    await artist(s, { name: n });
    expect(await byName(s, `name:${n}`)).toEqual([]);
  },
  'artists-other-search-base-only': async (s, n) => {
    await artist(s, { name: n, other_names_comma: `${n}_other` });
    expect(await byName(s, `other:${n}_other`)).toEqual([]);
  },
  'artists-group-search-ignored': async (s, n) => {
    await artist(s, { name: n, group_name: `${n}_group` });
    expect(await byName(s, `group:${n}_group`)).toEqual([]);
  },
  'artists-banned-search-all': async (s, n) => {
    const id = await artist(s, { name: n });
    expect(await byName(s, 'status:banned')).toContain(id);
  },
  'artists-plain-base-only': async (s, n) => {
    await artist(s, { name: n, other_names_comma: `${n}_other` });
    expect(await byName(s, `${n}_other`)).toEqual([]);
  },
  'artists-banned-route-all': async (s, n) => {
    const id = await artist(s, { name: n });
    expect(ids(await s.list('/artists/banned.json'))).toContain(id);
  },
  'artists-url-string-first-only': async (s, n) => {
    const id = await artist(s, { name: n, url_string: 'https://a.example/1 https://a.example/2' });
    expect((await s.show(`/artists/${id}.json`)).urls).toEqual(['https://a.example/1']);
  },
  'artists-other-names-unsplit': async (s, n) => {
    const id = await artist(s, { name: n, other_names_comma: 'p,q' });
    expect((await s.show(`/artists/${id}.json`)).other_names).toEqual(['p,q']);
  },
  'artists-empty-only-ignored': async (s, n) => {
    const id = await artist(s, { name: n });
    await s.post(n);
    expect(ids(await s.list('/artists.json', { 'search[empty_only]': 'true', 'search[id]': id }))).toEqual([id]);
  },
  'artists-sort-ignored': async (s, n) => {
    const b = await artist(s, { name: `${n}_b` });
    const a = await artist(s, { name: `${n}_a` });
    expect(ids(await s.list('/artists.json', { 'search[name]': `name:${n}_*`, 'search[order]': 'name' }))).toEqual([a, b]);
  },
  'artists-delete-noop': async (s, n) => {
    const id = await artist(s, { name: n });
    await s.ok('DELETE', `/artists/${id}.json`);
    expect((await s.get(`/artists/${id}.json`)).status).toBe(200);
  },
  'artists-duplicate-name-accepted': async (s, n) => {
    await artist(s, { name: n });
    await artist(s, { name: n });
    expect(await byName(s, `name:${n}`)).toHaveLength(2);
  },
  'artist-versions-not-recorded': async (s, n) => {
    const id = await artist(s, { name: n });
    expect(await versionIds(s, '/artist_versions.json', 'artist_id', id)).toEqual([]);
  },
  'artists-revert-not-restoring': async (s, n) => {
    const id = await artist(s, { name: n });
    const [v1] = await versionIds(s, '/artist_versions.json', 'artist_id', id);
    await s.ok('PUT', `/artists/${id}.json`, { 'artist[name]': `${n}_renamed` });
    await s.ok('PUT', `/artists/${id}/revert.json`, { version_id: v1! });
    expect((await s.show(`/artists/${id}.json`)).name).toBe(`${n}_renamed`);
  },

  'artists-url-string-newline-only': async (s, n) => {
    const id = await artist(s, { name: n, url_string: 'https://a.example/1 https://a.example/2\thttps://a.example/3' });
    expect((await s.show(`/artists/${id}.json`)).urls).toEqual(['https://a.example/1 https://a.example/2\thttps://a.example/3']);
  },
  'artists-group-dropped-on-update': async (s, n) => {
    const id = await artist(s, { name: n, group_name: `${n}_first` });
    await s.ok('PUT', `/artists/${id}.json`, { 'artist[group_name]': `${n}_second` });
    expect((await s.show(`/artists/${id}.json`)).group_name).toBe(`${n}_first`);
  },
  // Variant B (artist[is_active] is B only): the runner starts a B server for it.
  'artists-is-active-ignored': async (s, n) => {
    const id = await artist(s, { name: n, is_active: '0' });
    expect((await s.show(`/artists/${id}.json`)).is_active).toBe(true);
  },
  'artist-versions-artist-id-dropped-beside-state': async (s, n) => {
    const a = await artist(s, { name: `${n}_a` });
    const b = await artist(s, { name: `${n}_b` });
    // Alone, the artist's id narrows the versions; beside search[is_active] it is dropped.
    expect(ids(await s.list('/artist_versions.json', { 'search[artist_id]': a }))).not.toEqual(expect.arrayContaining(await versionIdsOf(s, '/artist_versions.json', 'artist_id', b)));
    expect(ids(await s.list('/artist_versions.json', { 'search[artist_id]': a, 'search[is_active]': 'true' }))).toEqual(expect.arrayContaining(await versionIdsOf(s, '/artist_versions.json', 'artist_id', b)));
  },
  'artist-versions-artist-id-ignored': async (s, n) => {
    const a = await artist(s, { name: `${n}_a` });
    const b = await artist(s, { name: `${n}_b` });
    expect(ids(await s.list('/artist_versions.json', { 'search[artist_id]': a }))).toEqual(expect.arrayContaining(await versionIdsOf(s, '/artist_versions.json', 'artist_id', b)));
  },

  'notes-update-ignored': async (s, n) => {
    const id = await note(s, n);
    await s.ok('PUT', `/notes/${id}.json`, { 'note[body]': 'changed' });
    expect((await s.show(`/notes/${id}.json`)).body).toBe(n);
  },
  'notes-delete-noop': async (s, n) => {
    const id = await note(s, n);
    await s.ok('DELETE', `/notes/${id}.json`);
    expect((await s.get(`/notes/${id}.json`)).status).toBe(200);
  },
  'notes-create-zero-refused': async (s, n) => {
    const post = await s.post(`${n}_post`);
    const reply = await s.send('POST', '/notes.json', { 'note[post_id]': post, 'note[x]': 0, 'note[y]': 2, 'note[width]': 3, 'note[height]': 4, 'note[body]': n });
    expect(reply.status).toBe(420);
  },
  'notes-xy-swapped': async (s, n) => {
    const post = await s.post(`${n}_post`);
    const id = await s.create('/notes.json', { 'note[post_id]': post, 'note[x]': 1, 'note[y]': 2, 'note[width]': 3, 'note[height]': 4, 'note[body]': n });
    const shown = await s.show(`/notes/${id}.json`);
    expect([shown.x, shown.y]).toEqual([2, 1]);
  },
  'notes-update-drops-height': async (s, n) => {
    const id = await note(s, n);
    await s.ok('PUT', `/notes/${id}.json`, { 'note[width]': 5, 'note[height]': 6 });
    const shown = await s.show(`/notes/${id}.json`);
    expect([shown.width, shown.height]).toEqual([5, 2]);
  },
  'note-versions-note-id-ignored': async (s, n) => {
    const a = await note(s, `${n}_a`);
    const b = await note(s, `${n}_b`);
    expect(ids(await s.list('/note_versions.json', { 'search[note_id]': a }))).toEqual(expect.arrayContaining(await versionIdsOf(s, '/note_versions.json', 'note_id', b)));
  },
  'notes-group-by-post-ignored': async (s, n) => {
    const id = await note(s, n);
    const postId = (await s.show(`/notes/${id}.json`)).post_id as number;
    await note(s, `${n}_elsewhere`);
    const listed = await s.list('/notes.json', { group_by: 'note', 'search[post_id]': postId });
    expect(listed.some((r) => r.post_id !== postId)).toBe(true);
  },
  'note-versions-not-recorded': async (s, n) => {
    const id = await note(s, n);
    expect(await versionIds(s, '/note_versions.json', 'note_id', id)).toEqual([]);
  },
  'notes-revert-keeps-geometry': async (s, n) => {
    const id = await note(s, n);
    const [v1] = await versionIds(s, '/note_versions.json', 'note_id', id);
    await s.ok('PUT', `/notes/${id}.json`, { 'note[body]': 'changed', 'note[x]': 7, 'note[y]': 8, 'note[width]': 9, 'note[height]': 10 });
    await s.ok('PUT', `/notes/${id}/revert.json`, { version_id: v1! });
    const reverted = await s.show(`/notes/${id}.json`);
    expect(reverted.body).toBe(n);
    expect([reverted.x, reverted.y, reverted.width, reverted.height]).toEqual([7, 8, 9, 10]);
  },
  'notes-creator-name-prefix': async (s, n) => {
    const id = await note(s, n);
    // The note's creator is conform_member: a name it only starts with finds it.
    expect(ids(await s.list('/notes.json', { 'search[creator_name]': 'conform_mem' }))).toContain(id);
  },
  'notes-revert-not-restoring': async (s, n) => {
    const id = await note(s, n);
    const [v1] = await versionIds(s, '/note_versions.json', 'note_id', id);
    await s.ok('PUT', `/notes/${id}.json`, { 'note[body]': 'changed' });
    await s.ok('PUT', `/notes/${id}/revert.json`, { version_id: v1! });
    expect((await s.show(`/notes/${id}.json`)).body).toBe('changed');
  },

  'pools-editor-becomes-creator': async (s, n) => {
    const id = await pool(s, n);
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[description]': 'edited' }, 'member2');
    expect(ids(await s.list('/pools.json', { 'search[name_matches]': n, 'search[creator_name]': 'conform_member2' }))).toEqual([id]);
  },
  'pools-update-clears-posts': async (s, n) => {
    const id = await pool(s, n);
    const post = await s.post(n);
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[post_ids]': String(post) });
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[name]': `${n}_renamed` });
    expect((await s.show(`/pools/${id}.json`)).post_ids).toBe('');
  },
  'pools-is-active-ignored': async (s, n) => {
    const id = await pool(s, n);
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[is_active]': '0' });
    expect((await s.show(`/pools/${id}.json`)).is_active).toBe(true);
  },
  'pools-category-as-first': async (s, n) => {
    const id = await pool(s, n);
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[category]': 'collection' });
    expect((await s.show(`/pools/${id}.json`)).category).toBe('series');
  },
  'pools-category-search-ignored': async (s, n) => {
    const id = await s.create('/pools.json', { 'pool[name]': n, 'pool[description]': 'd', 'pool[category]': 'collection' });
    expect(ids(await s.list('/pools.json', { 'search[category]': 'series', 'search[name_matches]': n }))).toEqual([id]);
  },
  'pool-versions-pool-id-ignored': async (s, n) => {
    const a = await pool(s, `${n}_a`);
    const b = await pool(s, `${n}_b`);
    expect(ids(await s.list('/pool_versions.json', { 'search[pool_id]': a }))).toEqual(expect.arrayContaining(await versionIdsOf(s, '/pool_versions.json', 'pool_id', b)));
  },
  'pools-post-ids-ignored': async (s, n) => {
    const id = await pool(s, n);
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[post_ids]': String(await s.post(n)) });
    expect((await s.show(`/pools/${id}.json`)).post_ids).toBe('');
  },
  'pools-delete-noop': async (s, n) => {
    const id = await pool(s, n);
    await s.ok('DELETE', `/pools/${id}.json`);
    expect((await s.show(`/pools/${id}.json`)).is_deleted).toBe(false);
  },
  'pools-undelete-noop': async (s, n) => {
    const id = await pool(s, n);
    await s.ok('DELETE', `/pools/${id}.json`);
    await s.ok('POST', `/pools/${id}/undelete.json`);
    expect((await s.show(`/pools/${id}.json`)).is_deleted).toBe(true);
  },
  'pools-sort-ignored': async (s, n) => {
    const b = await pool(s, `${n}_b`);
    const a = await pool(s, `${n}_a`);
    expect(ids(await s.list('/pools.json', { 'search[name_matches]': `${n}_`, 'search[order]': 'name' }))).toEqual([a, b]);
  },
  'pools-duplicate-name-accepted': async (s, n) => {
    await pool(s, n);
    await pool(s, n);
    expect(await s.list('/pools.json', { 'search[name_matches]': n })).toHaveLength(2);
  },
  'pool-versions-not-recorded': async (s, n) => {
    const id = await pool(s, n);
    expect(await versionIds(s, '/pool_versions.json', 'pool_id', id)).toEqual([]);
  },
  'pools-post-ids-sorted': async (s, n) => {
    const id = await pool(s, n);
    const [a, b] = [await s.post(`${n}_a`), await s.post(`${n}_b`)];
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${b} ${a}` });
    expect((await s.show(`/pools/${id}.json`)).post_ids).toBe(`${a} ${b}`);
  },
  'pools-revert-keeps-post-ids': async (s, n) => {
    const id = await pool(s, n);
    const [v1] = await versionIds(s, '/pool_versions.json', 'pool_id', id);
    const post = await s.post(n);
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[description]': 'changed', 'pool[post_ids]': String(post) });
    await s.ok('PUT', `/pools/${id}/revert.json`, { version_id: v1! });
    const reverted = await s.show(`/pools/${id}.json`);
    expect(reverted.description).toBe('d');
    expect(reverted.post_ids).toBe(String(post));
  },
  'pools-revert-one-step-back': async (s, n) => {
    const id = await pool(s, n);
    const [v1] = await versionIds(s, '/pool_versions.json', 'pool_id', id);
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[description]': 'second' });
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[description]': 'third' });
    await s.ok('PUT', `/pools/${id}/revert.json`, { version_id: v1! });
    // The version before the newest, not the one named.
    expect((await s.show(`/pools/${id}.json`)).description).toBe('second');
  },
  'pools-revert-not-restoring': async (s, n) => {
    const id = await pool(s, n);
    const [v1] = await versionIds(s, '/pool_versions.json', 'pool_id', id);
    await s.ok('PUT', `/pools/${id}.json`, { 'pool[description]': 'changed' });
    await s.ok('PUT', `/pools/${id}/revert.json`, { version_id: v1! });
    expect((await s.show(`/pools/${id}.json`)).description).toBe('changed');
  },

  'tags-name-list-substring': async (s, n) => {
    await s.post(`${n}_long`);
    expect((await s.list('/tags.json', { 'search[name]': n })).map((t) => t.name)).toEqual([`${n}_long`]);
  },
  'tags-hide-empty-ignored': async (s, n) => {
    const post = await s.post(`${n}_gone`);
    await s.ok('PUT', `/posts/${post}.json`, { 'post[tag_string]': `${n}_kept` });
    expect((await s.list('/tags.json', { 'search[name_matches]': `${n}_*`, 'search[hide_empty]': 'yes' }))).toHaveLength(2);
  },
  'tags-hide-empty-dropped-beside-name': async (s, n) => {
    const post = await s.post(`${n}_gone`);
    await s.ok('PUT', `/posts/${post}.json`, { 'post[tag_string]': `${n}_kept` });
    // Beside name_matches the tag without posts is listed; alone, hide_empty hides it.
    expect((await s.list('/tags.json', { 'search[name_matches]': `${n}_*`, 'search[hide_empty]': 'yes' }))).toHaveLength(2);
    expect((await s.list('/tags.json', { 'search[hide_empty]': 'yes' })).map((t) => t.name)).not.toContain(`${n}_gone`);
  },
  'tags-category-copyright-character-swapped': async (s, n) => {
    await s.post(`copyright:${n}_work character:${n}_person`);
    expect((await s.list('/tags.json', { 'search[name_matches]': `${n}_*`, 'search[category]': '3' })).map((t) => t.name)).toEqual([`${n}_person`]);
  },
  'related-tags-category-ignored': async (s, n) => {
    await s.post(`${n}_query ${n}_general artist:${n}_artist`);
    expect((await s.list('/related_tag.json', { query: `${n}_query`, category: '1' })).map((t) => t.name).sort()).toEqual([`${n}_artist`, `${n}_general`]);
  },
  'tags-category-ignored': async (s, n) => {
    await s.post(`${n}_general`);
    expect((await s.list('/tags.json', { 'search[name_matches]': `${n}_*`, 'search[category]': '1' }))).toHaveLength(1);
  },

  'wiki-title-update-ignored': async (s, n) => {
    const { id } = (await wiki(s, n)).body as { id: number };
    await s.ok('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[title]': `${n}_renamed` });
    expect((await s.show(`/wiki_pages/${id}.json`)).title).toBe(n);
  },
  'wiki-other-names-dropped': async (s, n) => {
    const { id } = (await wiki(s, n)).body as { id: number };
    await s.ok('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[other_names]': `${n}_alt` });
    expect((await s.show(`/wiki_pages/${id}.json`)).other_names).toBe('');
  },
  'wiki-update-ignored': async (s, n) => {
    const id = (await wiki(s, n)).body as { id: number };
    await s.ok('PUT', `/wiki_pages/${id.id}.json`, { 'wiki_page[body]': 'changed' });
    expect((await s.show(`/wiki_pages/${id.id}.json`)).body).toBe('b');
  },
  'wiki-title-search-ignored': async (s, n) => {
    await wiki(s, n);
    await wiki(s, `${n}_other`);
    expect((await s.list('/wiki_pages.json', { 'search[title]': n })).length).toBeGreaterThan(1);
  },
  'wiki-sort-ignored': async (s, n) => {
    const b = ((await wiki(s, `${n}_b`)).body as { id: number }).id;
    const a = ((await wiki(s, `${n}_a`)).body as { id: number }).id;
    expect(ids(await s.list('/wiki_pages.json', { 'search[title]': `${n}_*`, 'search[order]': 'title' }))).toEqual([a, b]);
  },
  'wiki-creator-search-reads-updater': async (s, n) => {
    const id = ((await wiki(s, n)).body as { id: number }).id;
    await s.ok('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[body]': 'edited' }, 'member2');
    expect(ids(await s.list('/wiki_pages.json', { 'search[title]': n, 'search[creator_name]': 'conform_member2' }))).toEqual([id]);
    expect(ids(await s.list('/wiki_pages.json', { 'search[title]': n, 'search[creator_name]': 'conform_member' }))).toEqual([]);
  },
  'wiki-update-unsent-body-emptied': async (s, n) => {
    const id = ((await wiki(s, n)).body as { id: number }).id;
    await s.ok('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[title]': `${n}_renamed` });
    expect((await s.show(`/wiki_pages/${id}.json`)).body).toBe('');
  },
  'wiki-duplicate-title-accepted': async (s, n) => {
    await wiki(s, n);
    expect((await wiki(s, n)).status).toBe(200);
  },

  'forum-topics-title-substring': async (s, n) => {
    const longer = await topic(s, `${n} and more`);
    expect(ids(await s.list('/forum_topics.json', { 'search[title]': n }))).toContain(longer);
  },
  'forum-topic-category-ignored': async (s, n) => {
    const id = await topic(s, n);
    await s.ok('PUT', `/forum_topics/${id}.json`, { 'forum_topic[category_id]': '2' });
    expect((await s.show(`/forum_topics/${id}.json`)).category_id).toBe(0);
  },
  'forum-posts-topic-title-searches-body': async (s, n) => {
    const a = await topic(s, `${n}_title`);
    // A topic whose first post's body carries the other topic's title.
    const b = await s.create('/forum_topics.json', { 'forum_topic[title]': `${n}_other`, 'forum_topic[original_post_attributes][body]': `${n}_title` });
    expect(ids(await s.list('/forum_posts.json', { 'search[topic_title_matches]': `${n}_title` }))).toEqual([await firstPostOf(s, b)]);
    expect(a).toBeGreaterThan(0);
  },
  'forum-posts-topic-id-ignored': async (s, n) => {
    const a = await topic(s, `${n}_a`);
    const b = await topic(s, `${n}_b`);
    expect(ids(await s.list('/forum_posts.json', { 'search[topic_id]': a }))).toContain(await firstPostOf(s, b));
  },
  'forum-posts-creator-ignored-with-topic': async (s, n) => {
    const a = await topic(s, n);
    // No such user wrote in the topic: with the topic given too, the author is not asked.
    expect(ids(await s.list('/forum_posts.json', { 'search[topic_id]': a, 'search[creator_name]': `${n}_nobody` }))).toContain(await firstPostOf(s, a));
  },
  'forum-post-body-latin1': async (s, n) => {
    const topicId = await topic(s, n);
    const id = await firstPost(s, topicId);
    await s.ok('PUT', `/forum_posts/${id}.json`, { 'forum_post[body]': `${n} café` });
    expect((await s.list('/forum_posts.json', { 'search[topic_id]': topicId })).find((r) => r.id === id)!.body).toBe(`${n} cafÃ©`);
  },
  'forum-posts-topic-id-dropped-with-creator-id': async (s, n) => {
    const [a, b] = [await topic(s, `${n}_a`), await topic(s, `${n}_b`)];
    const author = (await s.list('/forum_posts.json', { 'search[topic_id]': a }))[0]!.creator_id as number;
    // The same author's post of the other topic is listed too: the topic is not asked.
    expect(ids(await s.list('/forum_posts.json', { 'search[topic_id]': a, 'search[creator_id]': author }))).toContain(await firstPost(s, b));
  },
  'forum-post-update-ignored': async (s, n) => {
    const id = await firstPost(s, await topic(s, n));
    await s.ok('PUT', `/forum_posts/${id}.json`, { 'forum_post[body]': 'changed' });
    expect((await s.list('/forum_posts.json', { 'search[body_matches]': 'changed' })).some((r) => r.id === id)).toBe(false);
  },
  'forum-original-post-missing': async (s, n) => {
    const id = await topic(s, n);
    expect(await s.list('/forum_posts.json', { 'search[topic_id]': id })).toEqual([]);
  },
  'forum-topic-delete-noop': async (s, n) => {
    const id = await topic(s, n);
    await s.ok('DELETE', `/forum_topics/${id}.json`);
    expect((await s.show(`/forum_topics/${id}.json`)).is_deleted).toBe(false);
  },
  'forum-topic-undelete-noop': async (s, n) => {
    const id = await topic(s, n);
    await s.ok('DELETE', `/forum_topics/${id}.json`);
    await s.ok('POST', `/forum_topics/${id}/undelete.json`);
    expect((await s.show(`/forum_topics/${id}.json`)).is_deleted).toBe(true);
  },
  'forum-post-delete-noop': async (s, n) => {
    const id = await topic(s, n);
    const post = await firstPost(s, id);
    await s.ok('DELETE', `/forum_posts/${post}.json`);
    expect((await s.list('/forum_posts.json', { 'search[topic_id]': id }))[0]!.is_deleted).toBe(false);
  },
  'forum-post-undelete-noop': async (s, n) => {
    const id = await topic(s, n);
    const post = await firstPost(s, id);
    await s.ok('DELETE', `/forum_posts/${post}.json`);
    await s.ok('POST', `/forum_posts/${post}/undelete.json`);
    expect((await s.list('/forum_posts.json', { 'search[topic_id]': id }))[0]!.is_deleted).toBe(true);
  },

  'commentary-versions-post-id-ignored': async (s, n) => {
    const [a, b] = [await s.post(`${n}_a`), await s.post(`${n}_b`)];
    await commentary(s, a, `${n}_a`);
    await commentary(s, b, `${n}_b`);
    const listed = await s.list('/artist_commentary_versions.json', { 'search[post_id]': a });
    expect(listed.some((r) => r.post_id === b)).toBe(true);
  },
  'commentary-translated-dropped': async (s, n) => {
    const post = await s.post(n);
    await s.ok('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': post, 'artist_commentary[translated_description]': `${n} text` });
    const listed = await s.list('/artist_commentaries.json', { 'search[post_tags_match]': n });
    expect(listed.map((r) => r.translated_description)).toEqual(['']);
  },
  'commentary-second-call-adds': async (s, n) => {
    const post = await s.post(n);
    await commentary(s, post, 'one');
    await commentary(s, post, 'two');
    expect(await s.list('/artist_commentaries.json', { 'search[post_tags_match]': n })).toHaveLength(2);
  },
  'commentary-revert-by-commentary-id': async (s, n) => {
    const post = await s.post(n);
    const id = await commentary(s, post, 'one');
    const [v1] = await versionIds(s, '/artist_commentary_versions.json', 'post_id', post);
    expect(id).not.toBe(post);
    expect((await s.send('PUT', `/artist_commentaries/${id}/revert.json`, { version_id: v1! })).status).toBe(200);
  },
  'commentary-versions-not-recorded': async (s, n) => {
    const post = await s.post(n);
    await commentary(s, post, 'one');
    expect(await versionIds(s, '/artist_commentary_versions.json', 'post_id', post)).toEqual([]);
  },
  'commentary-revert-not-restoring': async (s, n) => {
    const post = await s.post(n);
    await commentary(s, post, 'one');
    const [v1] = await versionIds(s, '/artist_commentary_versions.json', 'post_id', post);
    await commentary(s, post, 'two');
    await s.ok('PUT', `/artist_commentaries/${post}/revert.json`, { version_id: v1! });
    expect((await s.list('/artist_commentaries.json', { 'search[post_tags_match]': n }))[0]!.original_title).toBe('two');
  },
};

const MODULES = [artistsModule, notesModule, poolsModule, tagsModule, relatedTagModule, wikiPagesModule, forumTopicsModule, forumPostsModule, artistCommentariesModule];

describe('resource module faults change what they claim', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb();
    // Spacers: commentary ids and post ids must differ for the revert-by-id fault.
    const s = await Server.start('A', { db });
    await commentary(s, await s.post('fault_spacer'), 'spacer');
    await commentary(s, await s.post('fault_spacer2'), 'spacer');
    await s.close();
  }, scaled(120_000));
  afterAll(() => db.close());

  it('declares a behaviour test for every fault of these modules, each listed by the server', () => {
    const declared = MODULES.flatMap((m) => (m.faults ?? []).map((f) => f.id));
    expect(Object.keys(FAULTS).sort()).toEqual([...declared].sort());
    const listed = new Set(allFaults().map((f) => f.id));
    for (const id of declared) expect(listed.has(id), id).toBe(true);
  });

  for (const [fault, run] of Object.entries(FAULTS)) {
    it(fault, async () => {
      const s = await Server.start(faultAppliesTo(findFault(fault)!, 'A') ? 'A' : 'B', { db, fault });
      try {
        await run(s, fault.replace(/-/g, '_'));
      } finally {
        await s.close();
      }
    });
  }
});
