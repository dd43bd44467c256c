// Every fault of the tranche, in family order.
//
// Frozen. The files of this directory are the tranche's faults as they were written and scored
// (docs/redteam.md); their hooks are unchanged. The tranche was written with the first tranche's
// fault.ts, proxy.ts and util.ts, byte for byte (the same frozen hashes, below), so its modules import
// those of ../tranche-1/ rather than copies. The changes made to bring them into the project's TypeScript
// are erased when the types are stripped: imports name `.ts` modules rather than `.js` (and fault.ts and
// util.ts by their path in ../tranche-1/), and three non-null assertions (artists.ts, commentary.ts,
// general.ts) satisfy noUncheckedIndexedAccess. With those undone (and this note), each file has the
// SHA-256 it was frozen with (kit.ts, the tranche's scoring harness, is not part of the tests):
//
//   2dff2040987fbe11b16591b72cf8df09f9abf349e90366827dd10662970f773e  fault.ts
//   00d6b9eb48665881518f4ea301ab1ebbac825bd925f4b5b0fed7f8c6b1c7e7b6  util.ts
//   198376d531a47dc0e3a9142db7d433407dd5804c1257580b2a51a2bf1442913f  proxy.ts
//   5e3eb3008bd36bbfe58fd78acb91a1db9180de74c5f5d53c88cc2c6e058ad77f  h.ts
//   4ef4f1268813732fe85cfc217b849eac50a764783cc0b01ce247c26b5709417f  all.ts
//   4c266be012730d71098a1ff68532565e8e51a59e06e52639a4ae769503552c20  posts.ts
//   4398c0eec2ee4faf64ad4644e913250d1b5de58f118f292ed9df4cf9fcfd47bf  uploads.ts
//   b48215dbde60956ac66ea4fa26887eb08c8c5810c9ae12e43e1a127c93c89604  comments.ts
//   4795d062935b356562c1d645a57866f95691bc262931d809405858a652f1e77e  dmails.ts
//   a80723913e63a17970262640eb80bc1cf25748b494fc67e093e0984ef23a3938  artists.ts
//   93c797651b003dbd375c46e5b7e6e0fe9e73e9e37a0bea485345ebee3ab0af9b  notes.ts
//   4012e74427a3756bc0808f06a55a71b12a87c6aa3c88c7aafe397adb438792fb  users.ts
//   52d110a69ebb3030e89c8927b9e26d8b266abb67ec9e37b9ca701e342de73eef  pools.ts
//   22c5b88f9a83242a65f482d711a3f4f81efb7f16c8ea0f15c83343845cbcc6c3  tags.ts
//   5ba74c578f7dc855c4b9b4d885f0792679229e787dcc7574c9e326b9b2c03712  wiki.ts
//   f76480301ecae55f8f81c4e412593c0b1ecffe74fb594ebe3d82bbc4f4a646f6  forum.ts
//   92ae26afba6c201cfc8021ce4d892513a0c860d3d1f0ccf12625d3f180e12b97  commentary.ts
//   8eddbe68b0df483c27116b289af7a02f461c0e80480cffecf7840f4d1a686b71  versions.ts
//   72de94a7ebf386f9bbe56891273a121f4c44dca944d4f1d00d864c3c87916fc5  general.ts
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
export const all: Fault[] = [...posts, ...uploads, ...comments, ...dmails, ...artists, ...notes, ...users, ...pools, ...tags, ...wiki, ...forum, ...commentary, ...versions, ...general];
