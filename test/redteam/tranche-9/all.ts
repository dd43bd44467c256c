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
//   e59d13ced410a0d8bce901d2e072bb799059a3275bb1e69aaae349274a1e9965  aliases.ts
//   4488e33ad02bde8185a21016ba06c3fe07838c5bdc725c72439838d14d855bc4  all.ts
//   53c2661864a965a43cee3738f52729cc56aca31f7281802e7467af2a00147441  artists.ts
//   c9efdf9ab46a310308953f66b2fe4833f22c7095260553853f68fc160d7761b8  commentary.ts
//   a48b05b65e1889723c08b3e5a2ca8e2e7a87227e4a2f3a0b3b7c720ec07b07ac  comments.ts
//   796b84d786ff27cdb91f945a8d911e0bb27e0fcf3ca4efd8f9d71aecd41afee1  dmails.ts
//   959e8af0dee7383b8eb1a8f3afb8067a26d86e4abbefc247da4e7b7b133ea315  flags.ts
//   a6ea807dd51755b6de0b738e0d9f87b4391b1738ed89ae900d22dcb18ea583fb  forum.ts
//   ec662a64e3fd894db14ddff8047a0190187ccb33f3b18c834a3cd90e0e1e7e27  general.ts
//   194cadb59e2048941989756a40231fa711f6f2c5256f957292e138e0a5ff180f  h.ts
//   42403f6e271cbae28b71ee43e071c9b5696b10acc3defd68c265425104411817  notes.ts
//   7a609366e390032bd10abb4e14ca2fee71f6b0aa74a92e22655b5a33e315b550  pools.ts
//   e1a941a4e8183496624efa7d9713c0500f7db0376bc161cb8d27cb51fe151f12  posts.ts
//   6fb253987a64f60cb6fec98917be7118eae086263a767e5fa1b0027afa952eeb  related.ts
//   b3f2cd51338464998943083fa9daf833762167b7eb51283f99a489f85fc37d5f  tags.ts
//   4b71de34cb56223cd96ecd282d060c94efd5a81bb756020e3bd3e3daa542d922  uploads.ts
//   8ee5c33f99f0e34ad8556cc80d6e687a50e0b9a565a7ec5da5331fe801436d45  users.ts
//   d50c137abfdd5ec2135e7b2e049aa7485111add759a40fe38c5f96e0cc8a33b1  versions.ts
//   c097a978c936ca311af167b8b8acf7878f5c0aacd633366342839e4163a28351  votes.ts
//   9700e3d18904230133385cd87403c452fb79ecb0f13f979d140bfad87188a3ee  wiki.ts

import type { Fault } from '../tranche-1/fault.ts';
import type { Scenario } from './h.ts';
import * as posts from './posts.ts';
import * as votes from './votes.ts';
import * as flags from './flags.ts';
import * as uploads from './uploads.ts';
import * as comments from './comments.ts';
import * as dmails from './dmails.ts';
import * as artists from './artists.ts';
import * as notes from './notes.ts';
import * as users from './users.ts';
import * as versions from './versions.ts';
import * as pools from './pools.ts';
import * as tags from './tags.ts';
import * as aliases from './aliases.ts';
import * as related from './related.ts';
import * as wiki from './wiki.ts';
import * as forum from './forum.ts';
import * as commentary from './commentary.ts';
import * as general from './general.ts';

const mods = [posts, votes, flags, uploads, comments, dmails, artists, notes, users, versions, pools, tags, aliases, related, wiki, forum, commentary, general];
export const all: Fault[] = mods.flatMap((m) => m.faults);
export const checks: Record<string, Scenario> = Object.assign({}, ...mods.map((m) => m.checks));
