// Every fault of the tranche, in family order.
//
// Frozen. The files of this directory are the tranche's faults as they were written and scored
// (docs/redteam.md); their hooks are unchanged. The tranche was written with the first tranche's
// fault.ts, proxy.ts and util.ts, byte for byte (the same frozen hashes, below), so its modules import
// those of ../tranche-1/ rather than copies. The changes made to bring them into the project's TypeScript
// are erased when the types are stripped: imports name `.ts` modules rather than `.js` (and fault.ts,
// proxy.ts and util.ts by their path in ../tranche-1/), and two non-null assertions (artists.ts,
// posts.ts) satisfy noUncheckedIndexedAccess. With those undone (and this note), each file has the
// SHA-256 it was frozen with (kit.ts and verify.ts, the tranche's harness, are not part of the tests):
//
//   d1282c6ca5b329966e1bd04f6dade991465f9d55c5cf673c94e91458cf14d769  all.ts
//   b5293540afb05f00635c7f89b90a9bfc68ad22fca20ea67711eb5601da13785c  artists.ts
//   b567baa2dc9ec70bfbbfef2fd039eab1e7eb15fd240db3cf25a787f74489ba6e  commentary.ts
//   fc813c8f844821a94513dac38c6475b7a157bb704c3d6290f20039bc9b461674  comments.ts
//   a3eabee0fd64aa4690c25d13aedd90658f7b71851d0900cd236d670794e2182d  dmails.ts
//   2dff2040987fbe11b16591b72cf8df09f9abf349e90366827dd10662970f773e  fault.ts
//   48829efd88b53226dd452709f43d42299da18c896e2d866631c8b316df597c19  forum.ts
//   4e687f8523461e49255464c5d92af8584c0c028fb4c4763c38a04210d2efcfca  general.ts
//   04e944ff222560c7462d9c0c194f11b10fd09804ab3d093286c06bc49bb0d4d9  h.ts
//   be7f67fffabc784e14a372b888efaef5074b9366ddf212440bd941392b58c0cc  notes.ts
//   0ab5e860f0e1c052e9eda563eccd62420a51d8e8f1aaeb436471f7a2f9a8c671  pools.ts
//   12980a031bb758ef00227c8f0bf904b6711718aec754972e29c7a727e5b285b6  posts.ts
//   198376d531a47dc0e3a9142db7d433407dd5804c1257580b2a51a2bf1442913f  proxy.ts
//   8efb8d0ccc2abc4905efbbddc0b29e521aa851d4b9eb4da698b2851dd9e3d0bb  tags.ts
//   6fea1486730ea912cc6d11cfc79ce3318f18c815692d9f6961e4c5d1b6be8f3c  uploads.ts
//   79cc64630ede58db65e9d2ec8faa11801e56717d5affffd9f0abdca88ae2d518  users.ts
//   00d6b9eb48665881518f4ea301ab1ebbac825bd925f4b5b0fed7f8c6b1c7e7b6  util.ts
//   558eb8b6c028264ee145268d8aae4f68a3484b645aa6b897653df76698fb7ab9  versions.ts
//   9f640b11041a0397236ce5cec3c83aa6edd00195fc777a8ede2a5aff396b1919  wiki.ts

import type { Fault } from '../tranche-1/fault.ts';
import { faults as posts } from './posts.ts';
import { faults as uploads } from './uploads.ts';
import { faults as comments } from './comments.ts';
import { faults as dmails } from './dmails.ts';
import { faults as artists } from './artists.ts';
import { faults as notes } from './notes.ts';
import { faults as users } from './users.ts';
import { faults as pools } from './pools.ts';
import { faults as tags } from './tags.ts';
import { faults as wiki } from './wiki.ts';
import { faults as forum } from './forum.ts';
import { faults as commentary } from './commentary.ts';
import { faults as versions } from './versions.ts';
import { faults as general } from './general.ts';

export const all: Fault[] = [
  ...posts, ...uploads, ...comments, ...dmails, ...artists, ...notes, ...users,
  ...pools, ...tags, ...wiki, ...forum, ...commentary, ...versions, ...general,
];
