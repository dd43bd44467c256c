/** `notes/*`: the lifecycle of a note, notes grouped by post, copy_notes, and the geometry read back as written. */
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { make, makePost } from '../world.ts';
import { field, idOf, listIds, records, show, succeed, text, withMarkup } from './support/calls.ts';
import { expectDeleted } from './support/deletion.ts';
import { CREATE_FORMATS, expectReadBack, updateAndReadBack, updateEachAlone } from './support/read-back.ts';
import { expectExcludes, expectIncludes } from './support/selection.ts';

export const note_lifecycle = defineCheck({
  id: 'notes/lifecycle', fn: 'note_lifecycle', resource: 'notes',
  description: 'a note can be created (POST /notes), shown, updated and deleted', requirements: ['IB-4-notes-lifecycle'], readOnly: false,
  async run(ctx) {
    const id = await make.note(ctx, (await makePost(ctx)).id);
    const body = ctx.unique('moved note');
    await succeed(ctx, 'notes.update', { path: { id }, fields: { x: 5, body } }, 'the note update');
    const shown = text(field(await show(ctx, 'notes.show', id), 'body', 'note'));
    if (shown !== body) fail(`the note body is "${shown}" after the update`, { expected: body, actual: shown });
    await succeed(ctx, 'notes.delete', { path: { id } }, 'the note delete');
    await expectDeleted(ctx, { id, show: 'notes.show', list: 'notes.list', search: { body_matches: body } });
  },
});

export const notes_grouped_by_post = defineCheck({
  id: 'notes/group-by', fn: 'notes_grouped_by_post', resource: 'notes',
  description: 'group_by=note with search[post_id] lists the notes of that post', requirements: ['IB-4-notes-group-by-A'], readOnly: false,
  async run(ctx) {
    const [p1, p2] = [await makePost(ctx), await makePost(ctx)];
    const n1 = await make.note(ctx, p1.id);
    const n2 = await make.note(ctx, p2.id);
    const got = await listIds(ctx, 'notes.list', { group_by: 'note', post_id: p1.id });
    expectIncludes(got, n1, `group_by=note&search[post_id]=${p1.id}`);
    expectExcludes(got, n2, `group_by=note&search[post_id]=${p1.id}`);
  },
});

export const copy_notes_copies_to_the_other_post = defineCheck({
  id: 'notes/copy', fn: 'copy_notes_copies_to_the_other_post', resource: 'posts',
  description: 'copy_notes copies the notes of a post to the post named by other_post_id', requirements: ['IB-4-posts-copy-notes-A'], readOnly: false,
  async run(ctx) {
    const [from, to] = [await makePost(ctx), await makePost(ctx)];
    // Several notes: a copy that keeps only the first (or the last) of them shows.
    await make.note(ctx, from.id);
    await make.note(ctx, from.id);
    const bodiesOf = async (post: number, what: string) =>
      records(await succeed(ctx, 'notes.list', { fields: { post_id: post } }, `the notes of post ${post}`), 'notes.list').map((r) => text(field(r, 'body', what)));
    const sources = await bodiesOf(from.id, 'a note of the post copied from');
    const before = await listIds(ctx, 'notes.list', { post_id: to.id });
    await succeed(ctx, 'posts.copy_notes', { path: { id: from.id }, fields: { other_post_id: to.id } }, 'copy_notes');
    const after = await listIds(ctx, 'notes.list', { post_id: to.id });
    if (after.length < before.length + sources.length) fail(`post ${to.id} has ${after.length} notes after copy_notes of ${sources.length}`, { expected: `at least ${before.length + sources.length}`, actual: String(after.length) });
    const copied = await bodiesOf(to.id, 'a note of the post copied to');
    const missing = sources.filter((b) => !copied.includes(b));
    if (missing.length > 0) fail(`copy_notes left out ${missing.length} of the ${sources.length} notes of post ${from.id}`, { expected: JSON.stringify(sources), actual: JSON.stringify(copied) });
    // A copy: the post copied from keeps its notes (they were not moved).
    const kept = await bodiesOf(from.id, 'a note of the post copied from, after the copy');
    const moved = sources.filter((b) => !kept.includes(b));
    if (moved.length > 0) fail(`after copy_notes, post ${from.id} no longer has ${moved.length} of its ${sources.length} notes: they were moved, not copied`, { expected: JSON.stringify(sources), actual: JSON.stringify(kept) });
  },
});

export const note_geometry_is_stored_as_sent = defineCheck({
  id: 'notes/fields', fn: 'note_geometry_is_stored_as_sent', resource: 'notes',
  description: 'note[x], note[y], note[width], note[height] and note[body] read back as written, on create and on update; an update of each field alone keeps the others', requirements: ['IB-4-notes-fields'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    // The top-left corner is a place like any other: a note there is taken where the same note a pixel in is.
    const corner = await ctx.target.call('notes.create', { fields: { post_id: post.id, x: 0, y: 0, width: 2, height: 2, body: ctx.unique('corner') } });
    ctx.note(corner);
    if (!corner.ok) {
      const inside = await ctx.target.call('notes.create', { fields: { post_id: post.id, x: 1, y: 1, width: 2, height: 2, body: ctx.unique('inside') } });
      ctx.note(inside);
      if (inside.ok) fail(`a note at x=0, y=0 is refused (${corner.status}) where the same note at x=1, y=1 is taken: 0 counts pixels from the corner like any other value`, { reply: corner, expected: 'the note at the corner created', actual: String(corner.status) });
    }
    // Distinct values inside the 8x8 image (INT-note-geometry), so a swap or a drop shows.
    // Created through the XML path and then the JSON path: a create through either is the same create.
    let id = 0;
    for (const format of CREATE_FORMATS) {
      // 0 on each axis in turn: the top or left edge is a value like any other, not an absent one.
      const created = { x: format === 'xml' ? 0 : 1, y: format === 'xml' ? 2 : 0, width: 3, height: 4, body: ctx.unique('note body') };
      id = await idOf(ctx, await succeed(ctx, 'notes.create', { fields: { post_id: post.id, ...created }, format }, `creating a note (${format})`), 'note', { list: 'notes.list', fields: { body_matches: created.body } });
      await expectReadBack(ctx, { id, show: 'notes.show', list: 'notes.list', search: { post_id: post.id } }, created, `note ${id} as created (${format})`);
    }
    // The update moves the note to the left edge: 0 is a value like any other, not an absent one.
    const updated = { x: 0, y: 3, width: 5, height: 4, body: withMarkup(ctx.unique('moved body')) };
    await updateAndReadBack(ctx, 'notes.update', { id, show: 'notes.show', list: 'notes.list', search: { post_id: post.id } }, updated, `note ${id}`);
    // A position and a size together, away from the edge: the width is a size, not where the note ends.
    await updateAndReadBack(ctx, 'notes.update', { id, show: 'notes.show', list: 'notes.list', search: { post_id: post.id } }, { x: 3, width: 4 }, `note ${id}`);
    // "All optional": each field alone, the others kept.
    await updateEachAlone(ctx, 'notes.update', { id, show: 'notes.show', list: 'notes.list', search: { post_id: post.id } }, { x: 2, y: 1, width: 4, height: 3, body: ctx.unique('body alone') }, `note ${id}`);
  },
});

export function checks(): Check[] {
  return [
    note_lifecycle,
    notes_grouped_by_post,
    copy_notes_copies_to_the_other_post,
    note_geometry_is_stored_as_sent,
  ];
}
