/**
 * The valid request of an operation (src/check/examples.ts), sent as it is or changed in exactly one
 * way: a parameter dropped, parameters set to other values, or the path ids replaced.
 */
import type { Format, OperationId } from '../../../../specs/model/index.ts';
import type { CheckContext } from '../../check.ts';
import type { Example } from '../../examples.ts';
import type { Reply } from '../../target.ts';
import { fieldOf } from '../../target.ts';

export async function sendExample(ctx: CheckContext, opId: OperationId, example: Example, format: Format, change: { drop?: string; set?: Record<string, string>; id?: number; accept?: string } = {}): Promise<Reply> {
  const fields: Record<string, NonNullable<Example['fields']>[string]> = { ...example.fields };
  if (change.drop) fields[fieldOf(change.drop)] = undefined;
  for (const [name, value] of Object.entries(change.set ?? {})) fields[fieldOf(name)] = value;
  const path = change.id !== undefined ? Object.fromEntries(Object.keys(example.path ?? {}).map((k) => [k, change.id!])) : example.path;
  const reply = await ctx.target.call(opId, { format, fields, ...(path ? { path } : {}), ...(change.accept ? { accept: change.accept } : {}) });
  ctx.note(reply);
  return reply;
}
