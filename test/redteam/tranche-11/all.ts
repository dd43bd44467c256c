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
//   2f12e623be001f8dde3a7b364801c3dc19f2f936baca02cc7d14b1c24d1bc575  all.ts
//   e26de51333dd15550eb0e60c13a88a934268984bad614ca6de031d614b96c280  artists.ts
//   f24fe7b437c64cdbfef6a0c2745b0531457f6fb8a1d437940d88a9cfddca11a5  comments.ts
//   3ba121c95f80b5488a416d8047a08fdf7fd1d1a5c90186228e11d3c9fb60937e  general.ts
//   7b9899aab5671a81452083d0e63be15dfcba7c4ff76347ee4387c58151482ffa  h.ts
//   8ea82475f9df3687ae2e9d165f6de92335db0dcbdd3b863d0da637c7b1f4c100  misc.ts
//   740a028dbc2970f62cc70090edb820e90135578fd5137c4b9b8e0eafa4b97b02  notes.ts
//   5f66ad4948c0be8598f94ae58700d1af5aaf42625197829640890598a4e1ea30  pools.ts
//   9e45b551183d4ab5af093386ff834f3b87aa1c377aae04432e72f27d6a2f5a43  posts.ts
//   5d8afa38dca22a8ecacf76d4465085ee34de92d87a2d090be44bc9d9ba3ef396  q.ts
//   7e0dbc2adf4bf23069de01bd9db8b65fa93792f13a49cd276fab91c6b139de1f  social.ts
//   8374425656462d066a962b7ba0fd1556dc8904f31b8c89e4c03dc0e4b08d246a  uploads.ts
//

import type { Fault } from '../tranche-1/fault.ts';
import type { Scenario } from './h.ts';
import * as posts from './posts.ts';
import * as general from './general.ts';
import * as uploads from './uploads.ts';
import * as comments from './comments.ts';
import * as artists from "./artists.ts";
import * as notes from "./notes.ts";
import * as pools from "./pools.ts";
import * as misc from "./misc.ts";
import * as social from "./social.ts";
const mods = [posts, general, uploads, comments, artists, notes, pools, misc, social];
export const all: Fault[] = mods.flatMap((m) => m.faults);
export const checks: Record<string, Scenario> = Object.assign({}, ...mods.map((m) => m.checks));
