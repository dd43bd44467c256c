/** Uploads with a file: the rating values an upload takes, and an upload made into a post. */
import type { Account } from '../../accounts.ts';
import type { CheckContext } from '../../check.ts';
import { fail } from '../../check.ts';
import { pngImage } from '../../images.ts';
import { listIds, succeed } from './calls.ts';

/** The values of upload[rating] in this variant. */
export function uploadRatings(ctx: CheckContext): readonly string[] {
  return ctx.target.paramName(ctx.target.operation('uploads.create'), 'rating').values!;
}

/** An upload with a file and the given fields (by `as`, else the run's actor); returns the post it became. */
export async function uploadWith(ctx: CheckContext, fields: Record<string, string | number>, as?: Account): Promise<{ id: number; tag: string }> {
  const tag = ctx.unique('readback').toLowerCase();
  const tagString = `${tag} ${fields.tag_string ?? ''}`.trim();
  await succeed(ctx, 'uploads.create', { ...(as ? { as } : {}), fields: { file: { file: pngImage(ctx.random), filename: `${tag}.png`, type: 'image/png' }, ...fields, tag_string: tagString } }, 'an upload');
  const found = await listIds(ctx, 'posts.list', { tags: tag });
  if (found.length !== 1) fail(`the upload tagged ${tag} became ${found.length} posts`, { expected: '1 post', actual: JSON.stringify(found), requirement: 'IB-3-upload-becomes-post' });
  return { id: found[0]!, tag };
}
