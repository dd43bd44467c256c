/** `artist_commentaries/*`: create_or_update makes then updates, revert is addressed by the post id, and the fields read back as written (A). */
import type { Variant } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { recordId } from '../formats.ts';
import { makePost } from '../world.ts';
import { records, succeed, text, withMarkup } from './support/calls.ts';
import { expectKept, expectReadBack } from './support/read-back.ts';

export const commentary_create_or_update = defineCheck({
  id: 'artist_commentaries/create-or-update', fn: 'commentary_create_or_update', resource: 'artist_commentaries',
  description: 'create_or_update makes the commentary of a post, and a second call updates it', requirements: ['IB-4-commentary-create-or-update-A'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const text1 = ctx.unique('first');
    const text2 = ctx.unique('second');
    await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, original_title: text1 } }, 'the first call');
    await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, original_title: text2 } }, 'the second call');
    const list = records(await succeed(ctx, 'artist_commentaries.list', { fields: { text_matches: text2 } }, 'commentary search'), 'artist_commentaries.list');
    const old = records(await succeed(ctx, 'artist_commentaries.list', { fields: { text_matches: text1 } }, 'commentary search'), 'artist_commentaries.list');
    if (list.length !== 1 || old.length !== 0) fail(`after two calls, the new text is in ${list.length} commentaries and the old one in ${old.length}`, { expected: '1 and 0 (the second call updates)', actual: `${list.length} and ${old.length}` });
  },
});

export const commentary_revert_takes_the_post_id = defineCheck({
  id: 'artist_commentaries/revert-by-post-id', fn: 'commentary_revert_takes_the_post_id', resource: 'artist_commentaries',
  description: 'artist commentary revert is addressed by the post id', requirements: ['IB-4-commentary-revert-post-id-A'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, original_title: ctx.unique('v1') } }, 'the commentary');
    const versions = records(await succeed(ctx, 'artist_commentary_versions.list', { fields: { post_id: post.id } }, 'commentary versions'), 'artist_commentary_versions.list');
    const version = recordId(versions[0]);
    if (version === undefined) fail(`no commentary version is listed for post ${post.id}`);
    await succeed(ctx, 'artist_commentaries.revert', { path: { id: post.id }, fields: { version_id: version } }, `revert addressed by post id ${post.id}`);
  },
});

export const commentary_fields_are_stored_as_sent = defineCheck({
  id: 'artist_commentaries/fields', fn: 'commentary_fields_are_stored_as_sent', resource: 'artist_commentaries',
  description: 'the four titles and descriptions given to create_or_update read back as written; a call with one of them alone keeps the other three, for each', requirements: ['IB-4-commentary-fields-A'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const fields = {
      // Text that forms, JSON and XML each treat specially, except in the title the commentary is searched by.
      original_title: withMarkup(ctx.unique('original title')), original_description: withMarkup(ctx.unique('original description')),
      translated_title: ctx.unique('translated title'), translated_description: withMarkup(ctx.unique('translated description')),
    };
    await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, ...fields } }, 'create_or_update');
    const listed = records(await succeed(ctx, 'artist_commentaries.list', { fields: { text_matches: fields.translated_title } }, 'artist_commentaries.list'), 'artist_commentaries.list');
    const mine = listed.find((r) => text(r.post_id ?? '') === String(post.id)) ?? (listed.length === 1 ? listed[0] : undefined);
    if (!mine) fail(`the commentary of post ${post.id} is not found by its translated title`, { expected: 'the commentary', actual: `${listed.length} records` });
    const id = recordId(mine);
    if (id === undefined) skip('commentary records carry no id');
    const current: Record<string, string> = { ...fields };
    const where = () => ({ id, list: 'artist_commentaries.list', search: { text_matches: current.translated_title! } }) as const;
    let before = await expectReadBack(ctx, where(), fields, `the commentary of post ${post.id}`);
    // A call with one field changes that one: the three it was not sent read as they did, for each in turn.
    for (const field of Object.keys(fields)) {
      const alone = ctx.unique(`${field.replace(/_/g, ' ')} alone`);
      const sent = { post_id: post.id, [field]: field === 'translated_title' ? alone : withMarkup(alone) };
      await succeed(ctx, 'artist_commentaries.create_or_update', { fields: sent }, `create_or_update of ${field} alone`);
      current[field] = sent[field] as string;
      const after = await expectReadBack(ctx, where(), { [field]: current[field]! }, `the commentary of post ${post.id} after ${field} alone was sent`);
      expectKept(ctx, 'artist_commentaries.create_or_update', before, after, sent, `the commentary of post ${post.id}`);
      before = after;
    }
  },
});

export function checks(variant: Variant): Check[] {
  return [commentary_create_or_update, commentary_revert_takes_the_post_id, ...(variant === 'A' ? [commentary_fields_are_stored_as_sent] : [])];
}
