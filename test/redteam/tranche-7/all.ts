// @ts-nocheck: frozen red-team code (see all.ts)
//
// Frozen. The files of this directory are the tranche's faults as they were written and scored
// (docs/redteam.md); their hooks are unchanged. Each fault module also holds the scenarios its
// verification ran (`checks`); the tests use the faults only. The tranche was written with the first
// tranche's fault.ts, byte for byte, so its modules import ../tranche-1/fault.ts rather than a copy, and
// with the fifth tranche's kit.ts, which differed only in naming its own frozen build, so h.ts imports
// ../tranche-5/kit.ts. The changes made to bring them into the project: imports name `.ts` modules
// rather than `.js` (and fault.ts and kit.ts by their paths in ../tranche-1/ and ../tranche-5/); a first
// line excuses each file from type checking (written to a laxer compiler than the project's); and this
// note. With those undone, each file has the SHA-256 it was frozen with (verify.ts, which ran the
// scenarios, meta.ts, which checked the quotes, and the writer's exploration scripts are not part of
// the tests):
//
//   69ded6e0fb03f8ff1cec38af8f4dbe2950a0ac6bc3663a51a019359d204ad308  all.ts
//   6f1cfa91169d2ed936d83c723f031647d88635198536700e3c82be4d5bee6a16  artists.ts
//   748a58410ce90dedc19bdc680f85d6053619873f96b28fa2298109fedf10d222  commentary.ts
//   da25943dc52bed67821281b0c6d6759c1a345e53752e3350c45f8aef50dd12fd  comments.ts
//   c4947015debc5dcc20319a611ba75f107bcab3b266939840c1a4065e0e0cd133  dmails.ts
//   6e7d273420621497489baba7663bedf935bf451c36f99f77cb7484a056909a5c  flags.ts
//   5b6d41a7c5a909cccea8d6ba841d38853f8357b9bb14f8c682340b078a2f612e  forum.ts
//   89477e5ecae49e4ccf10886ed9f6aa68de74bb16c6b6c6afd5de8d71d099ef14  general.ts
//   f8b52764ff9d4249d2da6ebcdee0d033c9fc3801c5d1b3794f4f325e16066055  h.ts
//   776be6f8b85120d37da2092908dcda0a89fa989ca2e53aac6897c41b5c13b2b8  notes.ts
//   b8930f2ec2875bbf1dfc3f519fe2daafeae6244f1e0f24a6d77216b79dee6f25  pools.ts
//   4feba34cbcb87747666b262374bb9b92e1a5f167541f7f756cc084d33ed9eee4  posts.ts
//   93d66bac1b43d41297798ae95177c8abef47f1501f55aa625e84cfaf595405f7  tags.ts
//   79bb44cecf067f82ac9a532f093b823200224af9acae90d27ed97339968fe708  uploads.ts
//   6f54e2b57dd3887aff457db2301f39698a29a4359853af675a0053548e4da6ba  users.ts
//   f9dcb8e99806f670d6ff14837347f71df8dc1ea41f9dc2d8fb0c356db9f0774f  versions.ts
//   23a0aa6566980fe910db1b28f4e3840930f8c6177c02398fe67db3e563aca8dd  votes.ts
//   dbc3c56264a096f819b17d4bf35782ce13a6cace1c73e6e88e7484b3cd468a10  wiki.ts

import type { Fault } from '../tranche-1/fault.ts';
import type { Scenario } from './h.ts';
import * as posts from './posts.ts';
import * as votes from "./votes.ts"; import * as flags from "./flags.ts"; import * as uploads from "./uploads.ts"; import * as comments from "./comments.ts";
import * as dmails from "./dmails.ts"; import * as artists from "./artists.ts"; import * as notes from "./notes.ts";
import * as users from "./users.ts"; import * as pools from "./pools.ts";
import * as versions from "./versions.ts"; import * as tags from "./tags.ts";
import * as wiki from "./wiki.ts"; import * as forum from "./forum.ts"; import * as commentary from "./commentary.ts"; import * as general from "./general.ts";
const mods = [posts, votes, flags, uploads, comments, dmails, artists, notes, users, pools, versions, tags, wiki, forum, commentary, general];
export const all: Fault[] = mods.flatMap((m) => m.faults);
export const checks: Record<string, Scenario> = Object.assign({}, ...mods.map((m) => m.checks));
