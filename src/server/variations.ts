/**
 * Legal variations: behaviour the HTTP document allows but the reference server does not show by
 * default, each taken from what real servers of the service family do where the text is silent.
 * `--variation ID` switches one on (several may be given). A conformant verdict must survive every
 * one of them: test/check/variations.test.ts certifies the server with each switched on. Unlike a
 * fault (./faults.ts), a variation breaks no requirement; each names the reading of the register
 * (specs/interpretations.ts) that allows it.
 */
import type { InterpretationId } from '../../specs/interpretations.ts';
import type { Variant } from '../../specs/model/index.ts';

export interface VariationSpec {
  readonly id: string;
  /** One line: what the server does. */
  readonly summary: string;
  /** The reading of the register under which the document allows it. */
  readonly interpretation: InterpretationId;
  /** The variants where it has an effect; both when absent. */
  readonly variants?: readonly Variant[];
  /**
   * Why it is certified on its own rather than with the others: a run with it waits (throttling) or
   * leaves checks not established by design (a daily limit). Absent: it combines with every other.
   */
  readonly alone?: string;
}

export const VARIATIONS: readonly VariationSpec[] = [
  {
    id: 'levels',
    summary: 'Deleting and undeleting pools and deleting artists need Builder (32); copy_notes needs Builder; votes need Gold (30). Lower levels get 403.',
    interpretation: 'INT-levels',
  },
  {
    id: 'comments-group-by',
    summary: 'The comments list without group_by=comment lists posts (those with comments), as the service family does.',
    interpretation: 'INT-comments-group-by',
  },
  {
    id: 'dmail-copies',
    summary: "A dmail is stored as a sender's copy and a recipient's copy with different ids; the create answers the sender's.",
    interpretation: 'INT-dmail-copies',
  },
  {
    id: 'notes-inside-image',
    summary: 'A note that does not lie inside its post\'s image is refused (420).',
    interpretation: 'INT-note-geometry',
  },
  {
    id: 'throttle',
    summary: 'Each account may make at most 8 state-changing requests a second; more are answered 421 with Retry-After: 1.',
    interpretation: 'INT-throttling',
    alone: 'a run with it waits out every 421',
  },
  {
    id: 'revert-404',
    summary: 'A revert without version_id is answered 404 (the version is not found), as the service family does.',
    interpretation: 'INT-version-ids-hidden',
  },
  {
    id: 'status-420',
    summary: 'Missing and invalid parameters are answered 420 Invalid Record instead of 424.',
    interpretation: 'INT-missing-required-status',
  },
  {
    id: 'service-tags',
    summary: 'The service adds a tag of its own to every post of a small image (`lowres`, at most 500x500), on upload and on every update, as the service family does.',
    interpretation: 'INT-service-tags',
  },
  {
    id: 'appeal-needs-flag',
    summary: 'Only a flagged post can be appealed; an appeal of another post is refused (420), as the service family refuses it.',
    interpretation: 'INT-business-rules',
  },
  {
    id: 'one-appeal-a-day',
    summary: 'An account may appeal one post a day; another appeal within 24 hours is refused (422 Locked), as the service family limits it (A post_appeal.rb:91-92, max_appeals_per_day 1).',
    interpretation: 'INT-business-rules',
    alone: 'the checks its limit stops are not established by design (INCOMPLETE, reason rules)',
  },
  {
    id: 'versions-merged',
    summary: "An updater's changes to a record within an hour of their newest version of it are folded into that version instead of adding one, as the service family does (A note.rb:148-158, artist.rb:162-170, wiki_page.rb:204-229).",
    interpretation: 'INT-version-merging',
  },
  {
    id: 'bare-envelope',
    summary: 'Every envelope is exactly what section 7 shows, success and reason: a create names no id, so a client finds what it made through the documented searches.',
    interpretation: 'INT-created-id',
  },
  {
    id: 'delete-deactivates',
    summary: 'Deleting a note or an artist deactivates it: it stays shown and listed with is_active false, as on the service family (A note.rb, artist.rb).',
    interpretation: 'INT-transitions',
  },
  {
    id: 'dasherized-xml',
    summary: 'XML element names are dasherized (`<tag-string>`, `<post-versions>`), as Rails renders them on the service family.',
    interpretation: 'INT-format-parity',
  },
  {
    id: 'created-201',
    summary: 'A successful create answers 201 Created (with the envelope), as the service family\'s respond_with does.',
    interpretation: 'INT-status-table',
  },
  {
    id: 'unauthorized-401',
    summary: 'Missing (B) or wrong credentials are answered 401 Unauthorized; in B with the plain text "401 Not Authorized", as the service family does.',
    interpretation: 'INT-status-table',
  },
  {
    id: 'values-ignored',
    summary: 'A value outside a value set is read as if it were not sent: a list lists as without it, a write leaves the field as it was; the answer is a success, as on the service family.',
    interpretation: 'INT-out-of-set-status',
  },
  {
    id: 'required-defaults',
    summary: 'A missing REQUIRED text parameter is read as empty: the record is saved or refused by its own rules (a pool without a description is created), as on the service family.',
    interpretation: 'INT-missing-required-status',
  },
  {
    id: 'source-error-accepted',
    summary: 'An upload whose source URL the server will not fetch (its SSRF guard) is taken with success and recorded as failed, with no post, as the service family records it (A upload.rb:151-170).',
    interpretation: 'INT-source-download',
  },
  {
    id: 'paging-small-default',
    summary: 'Every list but posts gives 20 records a page by default, as the service family does; B does not read `limit` on those lists at all.',
    interpretation: 'INT-list-pages',
  },
  {
    id: 'times-eastern',
    summary: 'Times are written as the service family writes them: US Eastern time with its offset (`2013-03-02T10:11:12.345-05:00`); in B without fractions of a second (`2013-03-02T10:11:12-05:00`).',
    interpretation: 'INT-time-format',
  },
  {
    id: 'no-content-A',
    summary: 'Successful state-changing calls answer 204 No Content with no body (A only).',
    interpretation: 'INT-204-envelope',
    variants: ['A'],
  },
];

export function findVariation(id: string): VariationSpec | undefined {
  return VARIATIONS.find((v) => v.id === id);
}

export function variationAppliesTo(v: VariationSpec, variant: Variant): boolean {
  return v.variants === undefined || v.variants.includes(variant);
}

/** The variations of `variant` that are certified together, in one run (all but those tested alone). */
export function combinedVariations(variant: Variant): string[] {
  return VARIATIONS.filter((v) => v.alone === undefined && variationAppliesTo(v, variant)).map((v) => v.id);
}

/** The legal variations switched on. */
export class Variations {
  private readonly ids: ReadonlySet<string>;
  constructor(ids: readonly string[] = []) {
    this.ids = new Set(ids);
  }
  active(id: string): boolean {
    return this.ids.has(id);
  }
  get list(): readonly string[] {
    return [...this.ids];
  }
}

/** INT-levels under the `levels` variation: the least level each reserved operation needs. */
export const RESERVED_LEVELS: Readonly<Record<string, number>> = {
  'pools.delete': 32,
  'pools.undelete': 32,
  'artists.delete': 32,
  'posts.copy_notes': 32,
  'post_votes.create': 30,
};

/** INT-throttling under the `throttle` variation: state-changing requests per account per second. */
export const WRITES_PER_SECOND = 8;

/** A per-account sliding one-second window of state-changing requests. */
export class WriteThrottle {
  private readonly recent = new Map<number, number[]>();
  /** Forgets every request counted. */
  reset(): void {
    this.recent.clear();
  }
  /** True when the request may proceed (and is counted). */
  take(userId: number, now = Date.now()): boolean {
    const kept = (this.recent.get(userId) ?? []).filter((t) => now - t < 1000);
    if (kept.length >= WRITES_PER_SECOND) {
      this.recent.set(userId, kept);
      return false;
    }
    kept.push(now);
    this.recent.set(userId, kept);
    return true;
  }
}
