// Every fault of the tranche, in family order.
//
// Frozen. The files of this directory are the tranche's faults as they were written and scored
// (docs/redteam.md); their hooks are unchanged. The tranche was written with the first tranche's
// fault.ts, proxy.ts and util.ts, byte for byte (the same frozen hashes, below), so its modules import
// those of ../tranche-1/ rather than copies. The changes made to bring them into the project's TypeScript
// are erased when the types are stripped: imports name `.ts` modules rather than `.js` (and fault.ts and
// util.ts by their path in ../tranche-1/), and three non-null assertions (posts.ts) satisfy
// noUncheckedIndexedAccess. With those undone (and this note), each file has the SHA-256 it was frozen
// with (kit.ts, score.ts and verify.ts, the tranche's harness, are not part of the tests):
//
//   85e6aab116e32db410793f3c905a7e814c3d71702b036b26c9a965e453e84f87  all.ts
//   6c1cc60c1819f5f0ecd981b9d432e3d4602c7519e24d7364e6678e83099943a6  artists.ts
//   91c72013747fa121ee67aaaaf797bffe64e4aff6a52b6b7518868f35ad0df214  commentary.ts
//   54d740b8e26204df2f0be9d6500d4539cad69606a45de014240c1fbe35a15d98  comments.ts
//   cc486e28239f0922e5e635c58b3c3f8d62cce414618d7e0dc60b7863875083dd  common.ts
//   f127e067fdc8b0f51aa9906f6305c120d0ff3e1f853fba49f5a7399f6ecd54e7  dmails.ts
//   2dff2040987fbe11b16591b72cf8df09f9abf349e90366827dd10662970f773e  fault.ts
//   84df5029e48b565771756df90f775c5494e82173d137136650bb0646bde2bf1f  forum.ts
//   4685842815ce50c0cb9945259e4aef16a4ae9ea423b742aad5ffaf099ac12285  general.ts
//   a6b2675a89d598d514d5ec64741b3e55dba83b32157ec3831132179f5596273f  notes.ts
//   11bad16964d531f5216e6707cd8a61bdf950015befb63d5409cb465958110e51  pools.ts
//   1c4b03e24512b9dae14d2426e009c3293c8806c6b7c03177b2651be499c96cc9  posts.ts
//   198376d531a47dc0e3a9142db7d433407dd5804c1257580b2a51a2bf1442913f  proxy.ts
//   31b9e36839272c65a7acc3bd44628a54bea43ad71e29ff4f2c1146182c518ba5  tags.ts
//   7c83d5c4526d30f4286c7f6e0957319a8ec5d239e48a1b5a0ee79049b248ed89  uploads.ts
//   2ee82b3b65f6213036fa7a795e72507f17dce1121376dadf0cbce6e4cf78b053  users.ts
//   00d6b9eb48665881518f4ea301ab1ebbac825bd925f4b5b0fed7f8c6b1c7e7b6  util.ts
//   54ec7940ccd430e6297ebc258cd7830dab6d31c6eae7d01e05685e0fc0fec56a  versions.ts
//   81351a3137699a15df02a2fa5cc53e66ec07a574ac491bffc56535ca5d95114e  wiki.ts

import type { Fault } from '../tranche-1/fault.ts';
import { posts } from './posts.ts';
import { uploads } from './uploads.ts';
import { comments } from './comments.ts';
import { dmails } from './dmails.ts';
import { artists } from './artists.ts';
import { notes } from './notes.ts';
import { users } from './users.ts';
import { pools } from './pools.ts';
import { tags } from './tags.ts';
import { wiki } from './wiki.ts';
import { forum } from './forum.ts';
import { commentary } from './commentary.ts';
import { versions } from './versions.ts';
import { general } from './general.ts';

export const all: Fault[] = [
  ...posts,
  ...uploads,
  ...comments,
  ...dmails,
  ...artists,
  ...notes,
  ...users,
  ...pools,
  ...tags,
  ...wiki,
  ...forum,
  ...commentary,
  ...versions,
  ...general,
];
