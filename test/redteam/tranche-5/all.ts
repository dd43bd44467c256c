// @ts-nocheck: frozen red-team code (see all.ts)
//
// Frozen. The files of this directory are the tranche's faults as they were written and scored
// (docs/redteam.md); their hooks are unchanged. Each fault module also holds the scenario its verification
// ran (`entries`: fault and scenario); the tests use the faults only. The tranche was written with the first
// tranche's fault.ts, byte for byte, and a proxy.ts that is the first tranche's but for its import suffix,
// so its modules import ../tranche-1/fault.ts rather than a copy. The changes made to bring them into
// the project: imports of fault.ts name it by its path in ../tranche-1/; a first line excuses each file
// from type checking (the tranche was written to a laxer compiler than the project's, and the changes that
// would satisfy it would touch the code that was scored); kit.ts, the harness it was given (a client and
// the accounts file: its hooks authenticate as the fixture accounts), names this clone's accounts file and
// command rather than a frozen build's; and this note. With those undone, each file has the SHA-256 it
// was frozen with (verify.ts, which ran the scenarios, is not part of the tests):
//
//   45462b5cf10bd143d781d8dbf95f468fc9eb645080acd132e33a00ffe03729f1  all.ts
//   08432a9045817a9cc02dfd84278c49cddebf51bc8435ce38367319042aadc51a  artists.ts
//   d2e21166d92f4cd32837089abd872ab1350f88ece81b36f8d6ec2c1ad7613b03  commentary.ts
//   0661bedf68d631bc9852c47486c2e71f02793f1d3e3fea8d09f78cda6b239a3f  comments.ts
//   43518412caf7cc0d7c3f2aac530c173ec50b94054e1fb614fc9bf325a1a349aa  dmails.ts
//   d81f64fb3031491b8d697bdaed651f95353ac3f879eabe1e79cf7145700a4839  forum.ts
//   23937d4243feac80d7b75b841e784e0901bb676e0148439e77aa749ae231ac64  general.ts
//   9666b746e9d31c54efeddd9e552efd435790b4300f1561d8b4f4eabaa269178c  h.ts
//   5045652d6121b2e001eddf037cb76f347c921760a799e99d0aa76cebf5acb123  notes.ts
//   31f74ae326a23a1814a888ebaac2105c3393bb5ae99c113227317957bf742c70  pools.ts
//   9bf5f32431af3ef21b788a5b00362c0d75b6cc5905c11e0c793106fa4c2e8f5b  posts.ts
//   25bd5f7623b5e16a84f9be2d0bf64befd49b66ca3102b15ed5d94b4b82699067  tags.ts
//   8c1dbbaf1f71cd8cd3ff0dc8c893098f821623bdf0dfddd7b4af4b7c95c9715e  uploads.ts
//   16d9d705ab35bf0618639335c0333ea7138fbff79ffee8f0526ca2e3171dfc9a  users.ts
//   bc04495e9501c9cd3afe4fdeb1d4e9eab0ad79098f20c7c801f248f81e89e619  versions.ts
//   1c17bd527490de94eac38dade781f11000218d327f7da42a7a57f226ce9ffa9d  votes.ts
//   83cd251bd53b4013132f2814afc175070b4057641a61c61a729f94a5a665a11c  wiki.ts

// Every fault of this tranche.
import type { Fault } from '../tranche-1/fault.ts';
import type { Entry } from './h.ts';
import * as general from './general.ts';
import * as posts from './posts.ts';
import * as votes from './votes.ts';
import * as uploads from './uploads.ts';
import * as comments from './comments.ts';
import * as dmails from './dmails.ts';
import * as artists from './artists.ts';
import * as notes from './notes.ts';
import * as users from './users.ts';
import * as pools from './pools.ts';
import * as tags from './tags.ts';
import * as wiki from './wiki.ts';
import * as forum from './forum.ts';
import * as commentary from './commentary.ts';
import * as versions from './versions.ts';
export const entries: Entry[] = [
  ...general.entries, ...posts.entries, ...votes.entries, ...uploads.entries, ...comments.entries,
  ...dmails.entries, ...artists.entries, ...notes.entries, ...users.entries, ...pools.entries,
  ...tags.entries, ...wiki.entries, ...forum.entries, ...commentary.entries, ...versions.entries,
];
export const all: Fault[] = entries.map((e) => e.fault);
