/**
 * The red-team faults the checker does not catch yet (docs/redteam.md), as lists of expected failures:
 * tranche (its directory's name) → fault id → why no check catches it. A tranche's tests
 * (./tranche-N.test.ts) fail when a fault that is not listed is missed (a check lost its grip, or a new
 * fault found a gap), and when a listed fault is caught (a check now catches it: remove its entry). So
 * each list is always exactly the tranche's faults missed, on every variant the fault breaks, and
 * shortens as checks are added. Fault ids are a tranche's own: two tranches may use the same one.
 */
export const KNOWN_MISSES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'tranche-1': {
    'tags-category-copyright-character-swapped':
      'tags/category sees it, and warns: the requirement (IB-4-tags-category-A) is a SHOULD, and telling a copyright tag from a character tag rests on a reading (INT-tag-categories), so the run exits 1 only with --strict; B has no tag list, and its related-tag answer is not described (INT-related-tag-shape)',
    'anon-quota-too-low':
      'quota/anonymous sees the 421 at the 51st request (INT-quota-lower-side) and warns: the rows of the quota table are SHOULD requirements, so the run exits 1 only with --strict',
  },
  'tranche-2': {},
  'tranche-3': {
    'post-appeals-reason-optional':
      'required/post_appeals.create/post_appeal[reason] sees the appeal accepted and warns: that a server refuses a request without a REQUIRED parameter is a SHOULD (INT-missing-required-status)',
  },
  'tranche-4': {
    'comments-update-body-optional':
      'required/comments.update/comment[body] sees the update without a body answered as a success and warns: that a server refuses a request without a REQUIRED parameter is a SHOULD (INT-missing-required-status), and nothing was changed',
    'notes-width-optional':
      'required/notes.create/note[width] sees the note made without a width and warns: that a server refuses a request without a REQUIRED parameter is a SHOULD (INT-missing-required-status); the MUST that no value stands in for one not sent is read for closed value sets only (upload[rating], score)',
    'wiki-create-body-optional':
      'required/wiki_pages.create/wiki_page[body] sees the page made without a body and warns: that a server refuses a request without a REQUIRED parameter is a SHOULD (INT-missing-required-status)',
    'related-tag-query-optional':
      'required/related_tag.list/query sees an empty answer to a request without query and warns: that a server refuses a request without a REQUIRED parameter is a SHOULD (INT-missing-required-status)',
  },
  'tranche-5': {
    'quota-member-basic-throttled-early':
      'the rows of the quota table are SHOULD requirements, seen by the opt-in quota tier (INT-quota-lower-side): a Member throttled after 50 requests by HTTP Basic warns there, and a run without --include-quota sends fewer',
    'quota-anonymous-throttled-early':
      'the rows of the quota table are SHOULD requirements, seen by the opt-in quota tier (INT-quota-lower-side): anonymous callers throttled after 100 requests warn there, and a run without --include-quota waits the 421s out',
    'status-duplicate-wiki-420':
      'which operations answer 423 is not shown (INT-already-exists): a duplicate create must not succeed, and 420 ("record could not be saved") is as fair an answer to it as 423',
    'status-invalid-credentials-401':
      '401 Unauthorized refuses access as 403 does, the service family\'s answer to wrong credentials: outside the table, it warns (Non-Strict, INT-status-table)',
  },
  'tranche-6': {
    'quota-anonymous-a-throttled-at-50':
      'the rows of the quota table are SHOULD requirements, seen by the opt-in quota tier (INT-quota-lower-side): a run without --include-quota waits the 421s out',
    'uploads-source-only-refused':
      'every upload by source alone is refused unfetched, in either encoding: a service may refuse a source address it does not take to be public (INT-source-download), so the source checks are skipped (INCOMPLETE, not certified)',
  },
  'tranche-7': {
    'posts-negation-dropped-with-rating':
      'posts/meta-tags sees it and warns: the document promises meta-tags without naming them, so rating: rests on a reading (INT-meta-tags)',
    'users-b-contributor-janitor-levels-swapped':
      'users/levels reads each role\'s level from an account of that role: the default accounts file has no Contributor or Janitor account, so those rows are not established (INCOMPLETE)',
    'related-category-character-as-copyright':
      'in B a tag\'s category can be known only from the prefix it was made with (INT-tag-categories, no tag list to ask), and which category a prefix gives is a reading: related_tag/category checks only the tag without a prefix there',
    'forum-topics-title-matches-read-as-exact':
      'how a *_matches parameter compares is left open (INT-matches): a search for a whole one-word title finds it either way, and a * is a wildcard only under one of the readings',
    'general-anonymous-quota-throttles-early':
      'quota/anonymous sees the 421 at the 21st request (INT-quota-lower-side) and warns: the rows of the quota table are SHOULD requirements, so the run exits 1 only with --strict',
  },
  'tranche-8': {
    'posts-raw-still-splits-words':
      'what raw makes of a value that holds a space is not stated, and the service family\'s raw search finds the posts carrying each word (A post.rb:1669-1671, INT-post-tags-meta): posts/raw probes raw with a meta-tag only',
    'flags-reason-optional':
      'required/post_flags.create/post_flag[reason] sees the flag taken without a reason and warns: that a server refuses a request without a REQUIRED parameter is a SHOULD (INT-missing-required-status)',
    'comments-post-tags-match-meta-tags':
      '"meta-tags unsupported" says what a client may not rely on, and the service family parses them in post_tags_match all the same (INT-post-tags-meta): no check sends it a meta-tag',
    'notes-create-height-optional':
      'required/notes.create/note[height] sees the note made without a height and warns: that a server refuses a request without a REQUIRED parameter is a SHOULD (INT-missing-required-status)',
    'related-tags-query-optional':
      'required/related_tag.list/query sees an answer to a request without query and warns: that a server refuses a request without a REQUIRED parameter is a SHOULD (INT-missing-required-status)',
    'related-tags-category-numbered-sequentially':
      'in B a tag\'s category can be known only from the prefix it was made with (INT-tag-categories, no tag list to ask): related_tag/category checks only the tag without a prefix there',
    'wiki-body-optional-on-create':
      'required/wiki_pages.create/wiki_page[body] sees the page made without a body and warns: that a server refuses a request without a REQUIRED parameter is a SHOULD (INT-missing-required-status)',
    'forum-posts-creator-id-matches-topic-creator':
      'a forum post can be made only as its topic\'s first post (forum_post[topic_id] is not documented, INT-forum-post-topic), so a post\'s creator is always its topic\'s: the two cannot be told apart',
    'status-duplicate-as-invalid-record':
      'which operations answer 423 is not shown (INT-already-exists): a duplicate create must not succeed, and 420 ("record could not be saved") is as fair an answer to it as 423',
    'quota-param-callers-get-anonymous-quota':
      'the rows of the quota table are SHOULD requirements, judged by the opt-in quota tier (INT-quota-lower-side): its Platinum row sends 20,001 requests, too many for the tests, whose run is the authentication checks (run.ts, FAULT_SCOPE); without the tier, a full run waits the 421s out and ends INCOMPLETE',
  },
  'tranche-9': {
    'posts-raw-ignored':
      'what raw makes of a value that holds a space is not stated, and the service family\'s raw search finds the posts carrying each word (A post.rb:1669-1671, INT-post-tags-meta): posts/raw probes raw with a meta-tag only',
    'pools-name-matches-exact':
      'how a *_matches parameter compares is left open (INT-matches): a * is a wildcard under one reading only, and the fault acts only on a search with a *, where it answers as a search for the literal text does',
    'forum-topics-title-matches-exact':
      'how a *_matches parameter compares is left open (INT-matches): the fault acts only on a search with a *, where it answers as a search for the literal text does',
    'auth-session-cookie-ignored':
      'auth/cookie sees the dmail refused and warns: the cookie\'s layout is a reading (INT-session-cookie), so its requirement is checked at SHOULD level and the run exits 1 only with --strict',
    'envelope-failure-reason-missing':
      'a refusal without the whole outcome envelope warns (INT-refusal-envelope): the service family answers a create it cannot save with its errors and no envelope (respond_with), so the run exits 1 only with --strict',
  },
  'tranche-10': {
    'posts-raw-still-splits-tags':
      'what raw makes of a value that holds a space is not stated, and the service family\'s raw search finds the posts carrying each word (A post.rb:1669-1671, INT-post-tags-meta): posts/raw probes raw with a meta-tag only',
    'votes-unknown-score-accepted-as-up':
      'values/post_votes.create/score sees the vote taken and warns: that a server refuses a value outside the set is a SHOULD (INT-missing-required-status), and what it then records is not stated',
    'general-b-anonymous-401':
      'an anonymous request refused with 401 is a refusal the register allows (INT-anonymous-refused: the service family answers B\'s anonymous callers "401 Not Authorized")',
    'related-category-zero-treated-as-absent':
      'in B a tag\'s category can be known only from the prefix it was made with (INT-tag-categories, no tag list to ask): related_tag/category checks only the tag without a prefix there',
  },
  'tranche-11': {
    'posts-raw-ignored':
      'what raw makes of a value that holds a space is not stated, and the service family\'s raw search finds the posts carrying each word (A post.rb:1669-1671, INT-post-tags-meta): posts/raw probes raw with a meta-tag only',
    'posts-search-order-id-ignored':
      'the document names no meta-tag (INT-meta-tags), and an order: term gives no set to compare: a server that reads order:id as newest first orders by id all the same, so posts/meta-tags sends no order:',
    'auth-session-cookie-ignored-on-post':
      'auth/cookie sees the comment refused and warns: the cookie\'s layout is a reading (INT-session-cookie), so its requirement is checked at SHOULD level and the run exits 1 only with --strict',
    'auth-cookie-hash-compared-to-sha1':
      'auth/cookie sees the session refused and warns: the cookie\'s layout is a reading (INT-session-cookie), so its requirement is checked at SHOULD level and the run exits 1 only with --strict',
    'related-tag-copyright-as-2':
      'in B a tag\'s category can be known only from the prefix it was made with (INT-tag-categories, no tag list to ask): related_tag/category checks only the tag without a prefix there',
    'tags-category-copyright-as-2':
      'tags get a category only through a prefix of a tag string (INT-tag-categories), so the category searches are SHOULD checks: effects/tags.list/category warns, and the run exits 1 only with --strict',
    'status-duplicate-artist-locked':
      'which operations answer 423 is not shown (INT-already-exists): a duplicate create must not succeed (a SHOULD), and 422 is a code of the table; lifecycle/already-exists warns',
    'status-missing-required-422':
      'required/pools.create/pool[description] sees the create refused with 422 and warns: which refusal a request without a REQUIRED parameter gets is a SHOULD (INT-missing-required-status), and 422 is a code of the table',
    'status-invalid-parameters-400':
      'the fault acts on GET /users.json with a limit, a parameter the document lists for posts only ("Unlisted parameters do not exist"): no check sends it there',
  },
};
