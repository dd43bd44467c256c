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
//   e6a35dbed6032173c58dc2d02912d061942cda3e009b60d11cd200b3548b02e5  aliases.ts
//   680d3d5a796f4ed931ffc1983af485c0ef4d8d04f60ab2b0eaacdd55cd4061a7  all.ts
//   ae7629126cfcf8702340c9cecd3627f1fe19b99e55c986fd35272560ca533f49  artists.ts
//   1ec2a3577bf22c0698f250db1ff9d738d2a0cec06ede31fc3eb8159e39e5bb30  commentary.ts
//   723907064dc6dcc786faa2a2a16b6c0ea3dc5cdbbf99f47cb7e045694c110f57  comments.ts
//   9ee03d7f856925253ec361b43ac3917acc35c84b334587ec5fa0980744527d9e  dmails.ts
//   94083aa40f2beec61945d891f168df2945bdc37335afdd8e19a5761b03fa7995  flags.ts
//   5fbdf1ab6b6708864d70167ab6d453f8cfa4a1f150184b0db40674d671162130  forum.ts
//   a6574ea8b08aa93fda2a2ad5ab66a796ce062f58b8a6609de9c9e36e683da185  general.ts
//   1ea35c811f7920bfe1adb34ac0375df6c7115330d81f6b115fc144fec310eacc  h.ts
//   3ea811496f5caf0f3c957c3875c965bc44f105ceb5d1c7736b3ddadf3be03357  notes.ts
//   7c764eab4f73ed875eccebe255b7ae09b49d061e558bfd5afe6ac57117304240  pools.ts
//   24a28e0b54578101441af8bbe5cc2fc659ad90a3ed828cea41bcb59c19b3cef3  posts.ts
//   0240edb63cd43a68b1a43ec401296af9d3e15f8182b614f2010dff0525186064  related.ts
//   b0f0abb04e4e1683168c6c411b886647ee7a5430a21ff516f4bb5a5a8c0248ad  tags.ts
//   693ed9c1d91f13f482ea199402d051ef33d3a2f8731f4d1934fbf58daf06aa2d  uploads.ts
//   e3dd7b4c9405c307d2d6b6dc47e1451bb25886e51926f828a5f523fa64078050  users.ts
//   3faa5895a3f9b53ef440cdf51d32a7bdfcb77ba832410e302a919d735415720b  versions.ts
//   631093fff540905f3b76cd27b85a70bd9d50fcb4e74ae2d12f3c9568fcc2c0f6  votes.ts
//   2ebf4b94f380e320acf9c469b96dea17cbf235e3860533a70b04dc16704e26ac  wiki.ts
//

import type { Fault } from '../tranche-1/fault.ts';
import type { Scenario } from './h.ts';
import * as general from './general.ts';
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

const modules = [general, posts, votes, flags, uploads, comments, dmails, artists, notes, users, versions, pools, tags, aliases, related, wiki, forum, commentary];

export const all: Fault[] = modules.flatMap((m) => m.faults);
export const checks: Record<string, Scenario> = Object.assign({}, ...modules.map((m) => m.checks));
