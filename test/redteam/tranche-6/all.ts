// @ts-nocheck: frozen red-team code (see all.ts)
//
// Frozen. The files of this directory are the tranche's faults as they were written and scored
// (docs/redteam.md); their hooks are unchanged. Each fault module also holds the scenarios its
// verification ran (`checks`); the tests use the faults only. The tranche was written with the first
// tranche's fault.ts, byte for byte, so its modules import ../tranche-1/fault.ts rather than a copy, and
// with the fifth tranche's kit.ts (its harness: a client and the accounts file, by which its hooks
// authenticate as the fixture accounts), which differed only in naming its own frozen build, so h.ts
// imports ../tranche-5/kit.ts. The changes made to bring them into the project: imports name `.ts`
// modules rather than `.js` (and fault.ts and kit.ts by their paths in ../tranche-1/ and ../tranche-5/);
// a first line excuses each file from type checking (written to a laxer compiler than the project's);
// and this note. With those undone, each file has the SHA-256 it was frozen with
// (verify.ts, which ran the scenarios, and the writer's exploration scripts are not part of the tests):
//
//   1b46fbc8ca676e8ae45b7bad2b896e6c44d30bcf70003f3d4f2acba683daa970  all.ts
//   66aa8b297282a577891877328fe3833360b57e26045f394bd4a1efb98a232e5c  artists.ts
//   ffeb0b272ac7cf289fb93189112cc3b191bcc81e3a56b0c89320ec423c8007ea  commentary.ts
//   b23721f4b79038afc2259ff7cac7ac7a8e765610232344a05c1a203ce21cf311  comments.ts
//   a9bc1876218fd3a5f39c4aebd708826e4561f81bbb62980960727e13a613cc1e  dmails.ts
//   773e94c707b3005dcc45cefb7b357a0f0ab3da56e2f77bbdb65f92d84afc42fe  flags.ts
//   f77c76088bdfd4635baa8aeddb90a823acb620e2349c2aef9bab970b63f21e87  forum.ts
//   c51bb57270fabdbcb135f0311351cf7691a9682f8407f64787fb5f3f557cd334  general.ts
//   862676a864468f6ed255df57beffe3c42db936bff628d199997fad099112efa2  h.ts
//   3608899e4ed59fa675eaf462f553ff1d144840d6008e725d976b1f6c8fa3bee0  notes.ts
//   9971d31998645378012cb5ad8026982cacc3fef1a7cccd1397bb8761f206966f  pools.ts
//   6580d709ad5051b94900ff5393df14e34be85a8d5efc48071badba4cacf4388c  posts.ts
//   efc70ab3240493d1df7f91e33847dd0f8cab902718ded6820a77cb553864822a  tags.ts
//   a2e8f788f9757dd5bbdf093c9dc90acc7ff58d49df80e4adc57dc57cc1899f48  uploads.ts
//   f1907772ee1fd8c33f9183c1655a547f6c8460ec2952f83c97fb13e171da97d3  users.ts
//   50a9570571b8fdbea95aced8a9331aef16ca189036f4fc0bd7dc5221ee1f2831  versions.ts
//   b7db5715225acbd4336e7adbcc9e7e6054dfd191356dd4de6c49520df63e3944  votes.ts
//   2d7a48fe5e7852d9cad9e71a3079f4bdab78dac19467dd62dbacb10f272101da  wiki.ts

// Every fault of this tranche, and the verification scenario of each (keyed by fault id).
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
import * as wiki from './wiki.ts';
import * as forum from './forum.ts';
import * as commentary from './commentary.ts';
import * as general from './general.ts';

const mods = [posts, votes, flags, uploads, comments, dmails, artists, notes, users, versions, pools, tags, wiki, forum, commentary, general];
export const all: Fault[] = mods.flatMap((m) => m.faults);
export const checks: Record<string, Scenario> = Object.assign({}, ...mods.map((m) => m.checks));
