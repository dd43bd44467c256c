/**
 * Every check of a variant, by suite. The check `<prefix>/...` is declared in
 * src/check/checks/<prefix>.ts, as the export named by its `fn` (test/check/layout.test.ts holds every
 * check to this); a suite is a list of those check files. Each suite runs with one world of shared
 * records, in the CLI's suites process (./suites-process.ts) or as its vitest file under suites/http/;
 * the CLI also uses every check for requirement coverage and to tell a user when --only matches nothing.
 */
import type { Variant } from '../../specs/model/index.ts';
import { perVariant } from '../../specs/model/index.ts';
import type { Check } from './check.ts';
import * as absent from './checks/absent.ts';
import * as artist_commentaries from './checks/artist_commentaries.ts';
import * as artists from './checks/artists.ts';
import * as auth from './checks/auth.ts';
import * as badInput from './checks/bad-input.ts';
import * as comments from './checks/comments.ts';
import * as contentType from './checks/content-type.ts';
import * as dmails from './checks/dmails.ts';
import * as effects from './checks/effects.ts';
import * as forum_posts from './checks/forum_posts.ts';
import * as forum_topics from './checks/forum_topics.ts';
import * as fuzz from './checks/fuzz.ts';
import * as lifecycle from './checks/lifecycle.ts';
import * as notFound from './checks/not-found.ts';
import * as notes from './checks/notes.ts';
import * as parity from './checks/parity.ts';
import * as pathId from './checks/path-id.ts';
import * as pools from './checks/pools.ts';
import * as post_appeals from './checks/post_appeals.ts';
import * as post_flags from './checks/post_flags.ts';
import * as post_votes from './checks/post_votes.ts';
import * as posts from './checks/posts.ts';
import * as quota from './checks/quota.ts';
import * as related_tag from './checks/related_tag.ts';
import * as required from './checks/required.ts';
import * as searches from './checks/searches.ts';
import * as served from './checks/served.ts';
import * as tags from './checks/tags.ts';
import * as uploads from './checks/uploads.ts';
import * as users from './checks/users.ts';
import * as values from './checks/values.ts';
import * as versions from './checks/versions.ts';
import * as wiki_pages from './checks/wiki_pages.ts';

/** A check file: its checks for a variant, in a stable order. */
export interface CheckFile {
  checks(variant: Variant): Check[];
}

export interface SuiteEntry {
  readonly name: string;
  /** The check files of the suite, in the order they run. */
  readonly files: readonly CheckFile[];
  /** The checks of its files for a variant, file by file. */
  readonly checks: (variant: Variant) => Check[];
}

function suite(name: string, files: readonly CheckFile[]): SuiteEntry {
  return { name, files, checks: (variant) => files.flatMap((file) => file.checks(variant)) };
}

export const SUITES = {
  operations: suite('operations', [served, contentType, required, values, notFound, pathId, badInput, absent]),
  posts: suite('posts', [posts, post_votes]),
  uploads: suite('uploads', [uploads]),
  people: suite('people', [comments, dmails, users, auth, post_flags, post_appeals]),
  versions: suite('versions', [versions, lifecycle]),
  catalog: suite('catalog', [artists, notes, pools, forum_topics, forum_posts, wiki_pages, tags, related_tag, artist_commentaries]),
  readback: suite('readback', [searches, parity]),
  effects: suite('effects', [effects]),
  /** Opt-in (--include-quota): runs last, alone. */
  quota: suite('quota', [quota]),
  /** The generative phase (--fuzz N); the suite file passes the run's N and seed. */
  fuzz: suite('fuzz', [fuzz]),
} as const satisfies Record<string, SuiteEntry>;

const generated = perVariant((variant): readonly Check[] => Object.values(SUITES).flatMap((s) => s.checks(variant)));

/**
 * Every check of a variant, in the registry's order. Generated once per process and variant: a check is
 * a declaration (its run takes the context), and generating them reads the published OpenAPI description
 * and the stack of every defineCheck call (its `source`); a process that runs many selections (the
 * mutation test: one per fault) pays for that once.
 */
export function allChecks(variant: Variant): Check[] {
  return [...generated(variant)];
}
