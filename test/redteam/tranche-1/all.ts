// Every fault of the tranche, in family order.
//
// Frozen. The files of this directory are the tranche's faults as they were written and scored
// (docs/redteam.md); their hooks are unchanged. The changes made to bring them into the project's
// TypeScript are erased when the types are stripped: imports name `.ts` modules rather than `.js`, eight
// non-null assertions and one type annotation satisfy noUncheckedIndexedAccess, and general.ts reads
// the project's fixtures/accounts.json (the same file) by a path relative to itself instead of an
// absolute one. With those undone (and this note), each file has the SHA-256 it was frozen with:
//
//   2dff2040987fbe11b16591b72cf8df09f9abf349e90366827dd10662970f773e  fault.ts
//   00d6b9eb48665881518f4ea301ab1ebbac825bd925f4b5b0fed7f8c6b1c7e7b6  util.ts
//   198376d531a47dc0e3a9142db7d433407dd5804c1257580b2a51a2bf1442913f  proxy.ts
//   fd96ba6f0809e73334db1b504ad551fef1ee30b697c7ec112994940156805977  all.ts
//   26800e2827611243af03359d0b48e85b97d4daad1295d13f14048f5e0dce2dce  posts.ts
//   20dc24b2dcb7f4bc799458ce56c6ef887a021a14fe72009b6495e2c2412ace98  uploads.ts
//   b136dc41e2acf0645b6c168cfb48798632f2e5f92823e99c59fffcea5c154580  comments.ts
//   03e674f177187628a41484ee46d367fde11947c6fba3d5c062aa9fc34c8e6165  dmails.ts
//   8d68f02ceb1cbf9c845f53cb9ca0427d1b3373168829bde4f15114a9a59beb29  artists.ts
//   868d8bc12650eb3b7c7203065b3c5c3f85f1d8f508ba97801f41ca72b0c9b456  notes.ts
//   60b00bc2998542613b3b842ac3be03005593cf9e2ad8c33c367c298ccfed09b5  users.ts
//   127c9f0869e32b65a161d89515a19a73fcee6528200ef0f78dc4e7097c268f32  pools.ts
//   773b867bc026d9f218d6776f8b7c6603f451b323814ebeb8b0cc6d1ac5da3eb9  tags.ts
//   fdde900cc5fca88723f1b1d5a0c88226041071b539aea31cf9f8d20eba4050b7  wiki.ts
//   3b310e374fd853b9d3a4791434fbcbcc8b3985397b7909959e33e7d4bc803758  forum.ts
//   5aa8f642f4e486101d38bcdfc6749b20c29f84ecb512470b4f6dffc20f2aa1f4  commentary.ts
//   1fb457cb880742244488467a954c54868beb990d8d5498d066eeaa665a8c09b3  versions.ts
//   9ee5a8dc635f335c743556ab72a31e0467f944b7bc2a2dcbd6a1e0b384806085  general.ts
import type { Fault } from './fault.ts';
import posts from './posts.ts';
import uploads from './uploads.ts';
import comments from './comments.ts';
import dmails from './dmails.ts';
import artists from './artists.ts';
import notes from './notes.ts';
import users from './users.ts';
import pools from './pools.ts';
import tags from './tags.ts';
import wiki from './wiki.ts';
import forum from './forum.ts';
import commentary from './commentary.ts';
import versions from './versions.ts';
import general from './general.ts';

export const allFaults: Fault[] = [
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

export default allFaults;
