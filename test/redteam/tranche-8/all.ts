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
//   cb2888f2599240a566fa650c5ef286f701b58152a308d61705493ce005efa892  aliases.ts
//   2703a71a31d5c91c352ba56f7ec6e9d472a982ac0881f47813fb2f0a566089e0  all.ts
//   e34f60437d4e81a9a4cb8303cca57c77374a8a8396ec6028d70318b644bc5831  artists.ts
//   b5f5184bcb6bfb3106f53bdbba5b509a451153b545a0afa9d5814c3018424c19  commentary.ts
//   27b1f425fe6f202fcb2162836fe605f04a8041db3653e213bab663310554e9c0  comments.ts
//   d6fdde98abedb93b7c423a7f889e1c0f3d4e57bc69468585bd23588b852f68f8  dmails.ts
//   babf6161e733a10b2416e55e3f5cbc74c5cd4bf4c3df62eaaa35cec2593c7801  flags.ts
//   fe7c792d271cb1d6f96bf773e87b8d0e035b94319f3ac6759b653387e2d086b8  forum.ts
//   a341621dbd994a58c33a4df235e6e3037af4fbb00db998f49648b847604d2e96  general.ts
//   f0407655ddc8cadeaca90736e72dfe5ca32e06d7893468765d03238a794e7f37  h.ts
//   ee96c8f9d5bccbfcea289e23d8267d8f06a11a1cf576384cab57b174fd8710b7  notes.ts
//   052b59d3e71c47b0647f565cff98fc0862e2ad197d4bd36cb5ce7465cdc8806b  pools.ts
//   aae5d809e889d6e8a4eea0dba201d5247ab570b8a028a8e67168a4014476eac3  posts.ts
//   21fbd4ff0f261453153641c0e125080c8ebfa0ee250829ffd1a07969ab75f6b2  related.ts
//   c8dd6b908f96240165e69b41e734fb237450d6b5acfe8d13a779e6a43c4f83ca  tags.ts
//   23773ce1e75b808e5699918d29cc04ec83b90d350c19086e2e3a1db500581647  uploads.ts
//   c2a4340b14892f8957bcefb50b4f02025ef9cb9b4d01c61cd7b64f282a31bcac  users.ts
//   c061e9ac2a99992c08398053dbb43706a9beb980cfafe0fb26237872e9f40c64  versions.ts
//   681c5c8071c5ac20fa020c602062d6ec677723c23a5a86fdea5e2bab2348092a  votes.ts
//   e9e63486bdc2fa0487822695ca2dc9c802e1c6cbaa11e88843bf2a467e3938bf  wiki.ts

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
import * as versions from './versions.ts';
import * as users from './users.ts';
import * as pools from './pools.ts';
import * as tags from './tags.ts';
import * as aliases from './aliases.ts';
import * as related from './related.ts';
import * as wiki from './wiki.ts';
import * as forum from './forum.ts';
import * as commentary from './commentary.ts';
import * as general from './general.ts';
const mods = [posts, votes, flags, uploads, comments, dmails, artists, notes, versions, users, pools, tags, aliases, related, wiki, forum, commentary, general];
export const all: Fault[] = mods.flatMap((m) => m.faults);
export const checks: Record<string, Scenario> = Object.assign({}, ...mods.map((m) => m.checks));
