/**
 * The interpretations register: one entry per place where the HTTP document is ambiguous or says
 * "not shown", with the reading this project chose and why. Checks that depend on a reading cite
 * its id, and are never stricter than the document's text supports.
 */

export interface Interpretation {
  readonly id: string;
  /** Section of the document. */
  readonly section: string;
  /** What the document leaves open, in its words where possible. */
  readonly question: string;
  /** The reading chosen. */
  readonly reading: string;
  /** Why this reading. */
  readonly why: string;
  /** What a check may demand of a target under this reading (never more than the text supports). */
  readonly checks: string;
}

const register = [
  {
    id: 'INT-notes-create-path',
    section: '4 Notes',
    question: 'Notes create: "method and path: not shown".',
    reading: 'POST /notes.json (and .xml), parameters in the body, like every other create of the document.',
    why: 'Every other create in section 4 is POST on the resource root; request convention 2 says POST changes state.',
    checks:
      'The notes scenario creates notes through POST /notes; a target that answers 404 there is reported with this id, so a reader can tell a reading from a stated rule.',
  },
  {
    id: 'INT-204-envelope',
    section: '7',
    question:
      '"204 No Content: request successful (A only)" next to "Every state-changing call returns one element".',
    reading:
      'In A a state-changing call may answer 204 with no body; the status code alone then says success. In B, 204 is never valid. The reference server always answers 200 with the envelope.',
    why: 'A 204 cannot carry a body, and section 7 says success can be read "from the envelope or from the status code".',
    checks: 'Envelope checks accept a bodiless 204 in A as success; in B any 204 fails IB-7-status-no-204-B.',
  },
  {
    id: 'INT-refusal-envelope',
    section: '7',
    question: '"Every state-changing call returns one element": whether a refused one does too.',
    reading:
      'It should: the sentence makes no exception for failures, and the reference server answers every refusal with the envelope. The service family does not always: a write to a record that does not exist is answered 404 with `{"success": false, "message": ...}` in JSON and `<result success="false">` in XML (A application_controller.rb:85-87, views/static/error.json.erb and error.xml.erb @cbf9d03), and B answers a caller without credentials 401 with plain text (B application_controller.rb:15-20 @9a70d8c).',
    why: 'The text states the envelope for every state-changing call; the family\'s own answers show clients reading failure from the status code, which section 7 allows ("success or failure can be read from the envelope or from the status code").',
    checks: 'A refusal the checks provoke (an unknown id, a missing or invalid parameter, a caller who may not) without the envelope of its format warns (Non-Strict), and fails with --strict; a refusal whose envelope says success true fails (IB-7-envelope-agrees). Server errors (5xx) are not judged.',
  },
  {
    id: 'INT-missing-required-status',
    section: '4, 7',
    question: 'Which status a request without a REQUIRED parameter gets: 424 Invalid Parameters or 420 Invalid Record.',
    reading: 'The reference server answers 424. A check accepts 420 or 424, with an envelope whose success is false. "Marked REQUIRED parameters must be sent" binds the client: that a server refuses a request without one is expected (SHOULD), not stated.',
    why: '424 "given parameters were invalid" fits a missing parameter best, but 420 "record could not be saved" also describes the outcome of a create that lacks a field; the document does not pick. The service family accepts some such requests (a pool without a description is created: its column is nullable) and answers others 404 or 500.',
    checks: 'SHOULD level: status in {420, 424} and envelope success false; anything else warns unless --strict. A REQUIRED parameter with a value set (upload[rating], score) has no empty value to be read as: a request without it must not make a record that carries a value of the set the client never sent (an upload without upload[rating] that becomes a rated post fails, MUST).',
  },
  {
    id: 'INT-out-of-set-status',
    section: '2, 4, 7',
    question: 'How a value outside a listed value set is refused.',
    reading: 'Like a missing REQUIRED parameter: 424 from the reference server; a check accepts 420 or 424. A value set says what a client may send; what a server does with another value is not stated beyond that it is not one of the set: a list may ignore it and list as if it were not sent, a write may ignore or coerce it, but a write must not store it as sent. A value of the other variant\'s set only (B\'s rating words in A) is out of this variant\'s closed set: a write must not honour it either, storing the value of this variant\'s set it names (A storing `s` for `safe`), which would serve the other variant\'s set.',
    why: 'Same two candidate codes; "given parameters were invalid" is the closer meaning. The service family ignores unknown list values with 200 (A artist.rb:475-500, user.rb:861-876 @cbf9d03) and casts written ones.',
    checks: 'A refusal: status in {420, 424} (another documented refusal warns); state-changing calls also need envelope success false. A success: a list warns; a write whose record shows the value as sent fails, any other write warns. A write of each value of the other variant\'s set only, each sent over a record holding another value, that every time shows the value of this set it names fails (a coercion to one value cannot name them all).',
  },
  {
    id: 'INT-limit-over-100',
    section: '4 Posts, 8',
    question: '"at most 100 per request" / "hard maximum 100": is limit=101 clamped or refused?',
    reading: 'Either is conformant. The reference server clamps to 100.',
    why: 'The document states the maximum, not what happens above it.',
    checks:
      'With at least 101 posts present, GET /posts?limit=101 (and 1000) must not return more than 100 posts: a refusal (420/424) or at most 100 records both pass. With fewer than 101 posts the check is skipped, never passed.',
  },
  {
    id: 'INT-cross-variant',
    section: '2, 4',
    question:
      'How a server of one variant answers the other variant\'s operations and parameters ("Items marked (A only) or (B only) exist in one variant"; "Unlisted parameters do not exist").',
    reading:
      'An operation of the other variant does not exist: the reference server answers 404 with the envelope. A parameter of the other variant does not exist: it is ignored (no effect), and the request is served as if it were absent.',
    why: 'The document says such items do not exist in the other variant; 404 is its code for "not found". It says nothing of refusing unknown parameters.',
    checks:
      'An other-variant operation must not succeed (no 2xx, no envelope success true), nor judge its parameters (420 or 424), which would show that it exists; 404 is expected, other refusals are not failed. An other-variant parameter must not take effect where a scenario can observe it (e.g. A\'s search[order] in B); refusing it is not required.',
  },
  {
    id: 'INT-user-name-patterns',
    section: '4 Users',
    question: 'search[name] on users "supports patterns": which patterns.',
    reading: '`*` matches any run of characters (case-insensitive), as in the web site\'s other *_matches parameters; a name without `*` matches exactly (case-insensitive).',
    why: 'The `*` wildcard is the pattern syntax the service\'s family uses for name searches; no other syntax is hinted at.',
    checks: 'Patterns with `*` at the end (`name*`), at the start and inside must find the user; exact names must find exactly that user.',
  },
  {
    id: 'INT-session-cookie',
    section: '5',
    question:
      'What the session cookie carries and how a session is made ("A session cookie authenticates a request"; the API key "is equivalent to the bcrypted password hash that the session cookie stores under the name password_hash").',
    reading:
      'Cookies `login=<user name>` and `password_hash=<API key>` authenticate a request. No session-creating endpoint is part of the interface.',
    why: 'Item 5 names the stored value (`password_hash`) and equates it to the API key; the user name must travel too, as with every other method. No login endpoint is listed.',
    checks: 'The cookie check is SHOULD level (a warning, not a failure, unless --strict), because the cookie layout is this reading.',
  },
  {
    id: 'INT-password-hash',
    section: '5',
    question: '"Legacy users can send password_hash (old salted SHA1 hashed password)": the salt is not shown.',
    reading:
      'The checker never computes the hash: an account in the accounts file may carry its legacy `password_hash`, sent with `login`. The reference server stores, for each account, SHA1 of `conform--<password>--` and accepts it.',
    why: 'Without the salt no client can compute it; only the service can give a legacy user the value.',
    checks: 'Where the accounts file gives an account its password_hash (a value only the service can give), `login` with it must authenticate as that account (MUST, as `api_key` and HTTP Basic: section 5 states all three as what authenticates a request); skipped for accounts without one.',
  },
  {
    id: 'INT-anonymous-refused',
    section: '5, 7',
    question: 'How B refuses an anonymous request ("B requires the caller to be logged in").',
    reading: '403 Forbidden ("access denied") or 401 Unauthorized (INT-status-table), with any body: the service family answers 401 with the text "401 Not Authorized" (B application_controller.rb:15-20 @9a70d8c).',
    why: '403 is the only documented code whose meaning is a refusal of access; 401 is the HTTP code of a request without credentials.',
    checks: 'Anonymous requests in B must not succeed (any 2xx fails); 403 or 401 passes; another refusal warns under this reading.',
  },
  {
    id: 'INT-anonymous-writes',
    section: '5',
    question: 'A "allows anonymous requests": does that include state-changing ones?',
    reading:
      'Anonymous requests may read. A state-changing request needs a logged-in user (the reference server answers 403): a comment, vote or dmail needs an author.',
    why: 'Every state-changing resource of the document has a creator, uploader, updater or owner.',
    checks: 'Only anonymous reads are checked in A; anonymous writes are not checked either way.',
  },
  {
    id: 'INT-bad-credentials',
    section: '5',
    question: 'What a request with a wrong API key gets.',
    reading: 'It is not authenticated as that user. The reference server answers 403 in both variants rather than falling back to anonymous.',
    why: 'Silently treating a typo as anonymous hides errors; the document does not say.',
    checks: 'A wrong key must not reveal the user\'s own dmails; the status is not checked.',
  },
  {
    id: 'INT-quota-builder',
    section: '8',
    question: '"Request quotas for Builder and higher levels: not shown."',
    reading: 'The reference server gives Builder and higher (and Contributor, Janitor in B) the Platinum quota of 20000 per hour. Nothing is checked for them.',
    why: 'A higher level should not get less than Platinum; no number is stated.',
    checks: 'Quota checks cover anonymous (A), Member, Gold and Platinum only.',
  },
  {
    id: 'INT-quota-window',
    section: '8',
    question: 'How "requests per hour" is counted.',
    reading: 'A fixed one-hour window per user (per client address for anonymous). The reference server\'s window length is configurable for tests.',
    why: 'The document gives per-hour numbers only.',
    checks: 'The quota check sends quota+1 requests and expects a 421 with the envelope at the latest at the last one; opt-in (--include-quota) because it sends thousands of requests.',
  },
  {
    id: 'INT-quota-lower-side',
    section: '8',
    question: 'The quota table gives how many requests an hour a user may make; a client sees only its own requests, not what the target served the same user before it.',
    reading:
      'A user is served up to the documented number of requests in an hour. A 421 that still stands after the waits of a transient throttle (INT-throttling: its Retry-After up to 10 s, else 1 s and 2 s) before the run has sent that many requests as the user breaks the row. On a target started for the run (the embedded server, --image, or --target with --fresh-target) the run\'s own requests are all the target served; elsewhere the hour may hold other traffic of the same user.',
    why: 'A limit of 3000 an hour that refuses the 300th request is not that limit; a long-lived target\'s earlier traffic is unknown to the checker.',
    checks: 'The quota tier counts every request the run sent as each caller (all passes). A lasting 421 at or before the quota breaks the row on a target started for the run; elsewhere the check is skipped (not established), naming --fresh-target.',
  },
  {
    id: 'INT-record-fields',
    section: '2, 4',
    question: '"Fields of returned records: not shown."',
    reading:
      'A record is read under the names of its writable parameters without the bracket prefix (`post[tag_string]` is `tag_string`), plus `id`, and `level` for users (section 2 names it). JSON records are objects; XML records are elements whose child elements are the fields.',
    why: 'The only field names the document gives are the request parameters and `level`.',
    checks: 'A check that needs a field the target does not return is skipped with the reason, never passed or failed.',
  },
  {
    id: 'INT-created-id',
    section: '4, 7',
    question: 'How a client learns the id of what it created (create responses: "not shown").',
    reading:
      'The envelope may carry more members than success and reason; the reference server adds `id` (JSON member, XML attribute). The checker takes `id` from the create response, or else finds the record by searching the list for the values it just set.',
    why: 'The envelope is "one element" with success and reason; extra members do not change its shape.',
    checks: 'Envelope checks demand success (boolean) and reason (string) only.',
  },
  {
    id: 'INT-list-shape',
    section: '4 Response bodies',
    question: '"Response bodies of list, show and create operations: not shown."',
    reading:
      'JSON: a list is an array of record objects, a show is one record object. XML: a list is one root element with one child element per record; a show is one root element.',
    why: 'The plainest form that carries records; it is how the service family answers.',
    checks: 'Checks that count records (limit, page, searches) need this shape; a body of another shape is reported as a failure of IB-4-list-shape (SHOULD level), never of the counting requirement.',
  },
  {
    id: 'INT-get-errors',
    section: '7',
    question: 'Error bodies of GET requests (the envelope is stated for state-changing calls only).',
    reading: 'The reference server answers GET errors with the envelope too. Checks do not require it.',
    why: 'The document states the envelope for state-changing calls only.',
    checks: 'For GET errors only the status code is checked.',
  },
  {
    id: 'INT-transitions',
    section: '3',
    question: '"Transitions: not shown (resulting states of these operations are not described)."',
    reading:
      'A delete leaves the record deleted in the plain sense of the word: afterwards it is not shown (404), or not listed, or shown with a deleted flag (`is_deleted` true), or deactivated (`is_active` false, a state section 3 names for artists; the service family deletes notes and artists so: A note.rb and artist.rb @cbf9d03). An undelete makes it shown and not flagged deleted again. Nothing more is assumed. The reference server keeps deleted pools, topics and forum posts with `is_deleted` true, and removes deleted comments, dmails, notes and artists.',
    why: 'Only the existence of the operations is stated; "delete" and "undelete" still mean something.',
    checks:
      'Lifecycle checks demand that delete and undelete succeed with the envelope, that a delete of an unknown id is refused, and the minimal resulting state above; not which of the three forms it takes.',
  },
  {
    id: 'INT-version-id',
    section: '4, 9',
    question: 'Where a valid `version_id` comes from and what revert restores.',
    reading:
      'A version id is the `id` of a record of the resource\'s version listing (e.g. /post_versions filtered by post_id). Revert restores the writable fields recorded in that version and records a new version.',
    why: 'Section 9: histories "are listed through the version resources and reverted with a version_id".',
    checks: 'The revert check compares the fields named by INT-record-fields before and after; a revert to a version of another record is refused or leaves the record as it was.',
  },
  {
    id: 'INT-already-exists',
    section: '7',
    question: '423 Already Exists and 422 Locked: which operations produce them is not shown.',
    reading: 'The reference server answers 423 to a create whose unique name exists (artist name, wiki page title, pool name). 422 is never produced.',
    why: 'Those resources are looked up by name, so a second one of the same name would be ambiguous.',
    checks: 'SHOULD level: a duplicate create must not succeed; 420, 423 or 424 are accepted.',
  },
  {
    id: 'INT-tag-categories',
    section: '2, 4 Tags',
    question: 'Tags come into being from posts\' tag strings; how a tag gets its category (0, 1, 3, 4) is not shown.',
    reading:
      'A tag in a tag string may carry a category prefix: `artist:`, `copyright:`, `character:` or `general:` (category 1, 3, 4, 0). A new tag without a prefix is general.',
    why: 'This is how the service family assigns categories from a tag string; no other writable parameter exists for it.',
    checks: 'Category searches create their tags through these prefixes; a target that ignores them fails only the category-search checks (SHOULD level).',
  },
  {
    id: 'INT-meta-tags',
    section: '4 Posts',
    question: '`tags`: "any tag combination valid on the web site, including meta-tags" — the set of meta-tags is not listed.',
    reading:
      'The reference server supports plain tags (all must match), `-tag` negation, `rating:<value>` (either form of the rating values), `id:<n>`, `parent:<n>`, `user:<name>` and `order:id` / `order:id_desc`. A term a server does not take as a meta-tag is a plain tag: no post carries it, so it finds none, and negated it leaves none out. Checks use plain tags, negation, rating:, id: and user: (the uploader\'s name).',
    why: 'The document promises meta-tags without naming them; checks stay with the minimum every such site has. Whichever way a server reads a term, an answer that fits neither reading (a term beside a plain tag that changes nothing) is wrong.',
    checks: 'Tag searches: a post tagged x y is found by `x`, by `x y`, not by `x -y`. `posts/meta-tags`: beside a tag two posts share, each of rating:, -rating:, id: and user: must select as the meta-tag does or as the plain tag would; any other answer fails. The plain tag\'s answer warns for rating: and id: (this reading) and passes for -rating: and user:.',
  },
  {
    id: 'INT-post-tags-meta',
    section: '4 Comments, Notes, Artist commentary',
    question: '`search[post_tags_match]` "(meta-tags unsupported)": whether a meta-tag term must then be read as a plain tag.',
    reading:
      'Meta-tags are not promised there: a search by plain tags must work, and what a term such as `rating:s` does is left open. The service family parses them all the same (A comment.rb:74-76, note.rb:32-34, artist_commentary.rb:22-24 @cbf9d03: the posts\' query builder), and its `raw` tag search of a value with a space finds posts carrying each word (A post.rb:1669-1671).',
    why: '"Unsupported" says what a client may not rely on, not what a server must refuse to do; the service family itself does more.',
    checks: 'post_tags_match is searched by plain tags only (one, and two in either order); no check sends it a meta-tag.',
  },
  {
    id: 'INT-page',
    section: '4 Posts',
    question: '`page` ("page number"): first page number and paging order.',
    reading:
      'Pages are numbered from 1; page n with limit l holds the records after the first (n-1)*l of the default order (newest first). The reference server also reads the other forms of the service family (INT-paging).',
    why: 'Page numbers start at 1 on the service family.',
    checks: 'Pages 1 and 2 with the same limit must not share a post. No check sends a page <= 0, a value that is not a number, or `b<id>` / `a<id>`: the document does not say what they mean.',
  },
  {
    id: 'INT-paging',
    section: '4, 8',
    question:
      '`limit` and `page` are listed for posts only ("Unlisted parameters do not exist"), and `page` is a "page number" without a word on 0, negative or non-numeric values; the service family\'s clients send `page=0`, `page=b<id>` and `page=a<id>`, and page every list.',
    reading:
      'A behaviour of the reference server, for the clients of the service family: every list reads `limit` (an integer from 1, clamped to the 100 of posts; another value is refused with 424; without it 20 posts or 100 other records) and `page`: a number <= 0 or a value that does not start with a number is page 1; `b<id>` lists the records with a smaller id, newest first; `a<id>` the nearest records with a larger id, shown newest first. Sequential pages order by id whatever sort key was asked for; numbered pages of a sort key break ties by id.',
    why: 'This is how the service family pages every list; its clients (booru libraries, gallery-dl) need it to walk a list without loops or repeats.',
    checks:
      'None. These are server behaviours, not requirements of the document: a target that refuses them stays conformant. Checks send `page` (2, 3, ...) to a list other than posts only to find records of their own past the first page (INT-list-pages), and judge the pages read before a refused or ignored one; no check sends `limit` to such a list, nor a `page` other than a positive number.',
  },
  {
    id: 'INT-list-pages',
    section: '4, 8',
    question:
      'How many records a list other than posts gives at once: the document states a maximum for posts only ("hard maximum 100"), and `limit` and `page` are listed for posts only.',
    reading:
      'A list may give its records a page at a time, newest first, in pages of any size (the reference server gives 100; the service family 20, and 40 forum topics in A), and may read or ignore `limit` and `page` there (INT-paging): B ignores `limit` on them. Records made by a client are found through the list\'s documented searches, or on the following pages.',
    why: 'Nothing in the document says a list gives every record at once; a service with many records cannot.',
    checks:
      'A check that looks for records of its own on a list narrows the list to them by a search with the run\'s unique words where the operation has one, and otherwise reads page 2, 3, ... (`page`, INT-paging) until it has found them, a page repeats or adds nothing, or a bound of pages. It never demands that a list give a number of records, nor that `page` be read.',
  },
  {
    id: 'INT-time-format',
    section: '2, 4 Response bodies',
    question: '"Fields of returned records: not shown": a record\'s times (`created_at`, `last_comment_bumped_at`) have no stated form, zone or precision.',
    reading:
      'A time is an ISO 8601 date and time with its offset, in any zone and at any precision of at least a second: the service family writes US Eastern time, `2013-03-02T10:11:12.345-05:00`, and B `2013-03-02T10:11:12-05:00`. The reference server writes UTC with milliseconds.',
    why: 'Rails writes times in the application\'s zone with its offset, and before Rails 4 without fractions of a second; the document fixes neither.',
    checks:
      'Checks compare times as instants (parsed with their offsets), never as text; two times that agree to the second where one of them is written without fractions are the same time. A check that needs a later time than one written to the second waits until the next second before the change it observes.',
  },
  {
    id: 'INT-post-files',
    section: '2, 4 Response bodies',
    question: '"Fields of returned records: not shown": the document names no field that leads to a post\'s file.',
    reading:
      'A behaviour of the reference server, for the clients of the service family: post records carry `file_url`, `large_file_url` (the same, no samples are made) and `preview_file_url` (the same bytes), absolute URLs on the host and port the client addressed, with `md5`, `file_ext`, `file_size`, `image_width`, `image_height`, `has_large` and `tag_string_general`, `_artist`, `_copyright`, `_character`. The files are served at `/data/<md5>.<ext>` and `/data/preview/<md5>.<ext>` with their media type and length, without login or quota, like the family\'s file host.',
    why: 'Clients of the service family read these fields and skip posts without `file_url`; the uploaded bytes are what a user expects back.',
    checks: 'None: checks read records under INT-record-fields only, and no check fetches a file.',
  },
  {
    id: 'INT-source-download',
    section: '4 Posts, Uploads',
    question: '`post[source]` "when it is a URL, the service downloads the file"; upload[source] is a "source URL".',
    reading:
      'The service fetches the URL with GET. The reference server refuses private, link-local and loopback addresses unless allow-listed (--allow-fetch), caps the size, and answers 424 when the download fails.',
    why: 'A server that fetches arbitrary URLs needs a guard; the document states only the download.',
    checks:
      'The checker serves the file itself (on --source-host, given to the target as --source-url-base) and verifies that the target fetched it. A target that refuses the URL without fetching it (an SSRF guard refusing a non-public address, which the document allows) or that cannot reach the checker makes those checks skip, naming the flags to use.',
  },
  {
    id: 'INT-dmail-others',
    section: '4 Dmails',
    question: '"A user can list, show and delete only the dmails the user owns": what showing or deleting another\'s dmail answers.',
    reading: 'The reference server answers 403. A check accepts 403 or 404; another refusal (the service family at B answers 500: its access-denied handler is a String that Rails 3.2 does not resolve, dmails_controller.rb:4 @9a70d8c) warns under this reading.',
    why: 'Both "access denied" and "not found" keep the dmail hidden; what the text demands is that the dmail stays hidden.',
    checks: 'Show and delete of another user\'s dmail must not succeed and must not reveal its body (MUST); list must not include it. A refusal other than 403/404 warns.',
  },
  {
    id: 'INT-dmail-owner',
    section: '4 Dmails',
    question: 'Who owns a dmail: the sender, the recipient, or both.',
    reading: 'Both sender and recipient own their copy; a third user owns none.',
    why: 'A message is the sender\'s and the recipient\'s; the service family keeps a copy for each.',
    checks: 'Ownership checks use a third user (the second Member) who is neither sender nor recipient.',
  },
  {
    id: 'INT-xml-shape',
    section: '2, 7',
    question: 'XML documents other than the envelope are not shown.',
    reading:
      'The reference server writes records as elements named by the resource (`<post>`), fields as child elements, lists inside a plural root (`<posts type="array">`). Checks require well-formed XML only.',
    why: 'Section 7 shows only the envelope element.',
    checks: 'XML responses must parse and be served as XML; their inner structure is read under INT-list-shape.',
  },
  {
    id: 'INT-content-type',
    section: '2',
    question: 'The path suffix selects the format; the Content-Type header is not mentioned.',
    reading: 'JSON is served as application/json, XML as application/xml or text/xml.',
    why: 'These are the registered media types of the formats.',
    checks: 'SHOULD level: a mismatched Content-Type warns; the body must parse in the requested format (MUST).',
  },
  {
    id: 'INT-related-tag-shape',
    section: '4 Tags',
    question: 'The related-tag response is a list of tags related to `query`; "related" is not defined.',
    reading: 'Tags that appear on posts together with the query tag, optionally restricted to a category.',
    why: 'The common meaning of related tags on such a site.',
    checks: 'The REQUIRED `query` and the `category` value set are checked, and what `category` keeps: the check looks for tags by name anywhere in the answer (its shape is not shown), only among the tags the answer names without a category. A tag without a prefix is general (INT-tag-categories); in A a tag\'s category is the one tags.list gives it.',
  },
  {
    id: 'INT-artist-name-search',
    section: '4 Artists',
    question: 'search[name] prefix rules: exact or partial matching after the prefix.',
    reading:
      'After `name:`, `other:` and `group:` the rest matches exactly (case-insensitive) or with `*` wildcards; `http` searches artists with a URL that starts with the given text; plain text matches the base name or any other name exactly or with `*`.',
    why: 'The document gives the field each prefix searches, not the matching mode.',
    checks: 'Scenarios search for exact values only, which every matching mode finds. An other name with a space in it (one name of `artist[other_names_comma]`, which commas delimit) is searched as written and with underscores for spaces, as the service family stores and searches it (A artist.rb:117-119, 150-152 @cbf9d03): found either way, the name was kept whole.',
  },
  {
    id: 'INT-do-not-bump',
    section: '4 Comments',
    question: '`do_not_bump_post` "keep the post from moving to the top of the comment listing": that listing\'s order is not described.',
    reading:
      'The comment listing is the listing of commented posts, most recently bumped first, that the comments list gives without group_by=comment where the service does so (INT-comments-group-by); a post record may also carry the time it was last bumped (`last_comment_bumped_at`, the service family\'s name). A comment with the parameter set to 1 leaves both unchanged; one without it, or with any other value (0, the unset value of a 1-or-0 flag), bumps the post.',
    why: 'The document states the effect, in a listing whose response is not shown; the family keeps `last_comment_bumped_at` for it.',
    checks: 'Two posts are commented in turn; a comment with do_not_bump_post=1 on the one below must not move it above the other in that listing, nor change its `last_comment_bumped_at`; one with do_not_bump_post=0, and one without the parameter, must bump it. A target that shows neither cannot be observed: the check is skipped, naming this reading.',
  },
  {
    id: 'INT-forum-post-topic',
    section: '4 Forum posts',
    question: 'Forum post create lists only `forum_post[body]`; a forum post needs a topic.',
    reading:
      'The reference server also reads `forum_post[topic_id]` as an extension and answers 420 without it. The OpenAPI descriptions do not list it: they carry only documented parameters. Forum posts are otherwise made through a topic\'s original post.',
    why: '"Unlisted parameters do not exist", yet a post without a topic cannot be saved; the service family names the topic this way.',
    checks: 'Checks never depend on forum_post[topic_id]: the forum post lifecycle uses the original post of a topic they create.',
  },
  {
    id: 'INT-unmarked-needed',
    section: '4',
    question: 'Parameters not marked REQUIRED that a record cannot do without (dmail recipient, artist name, forum topic title).',
    reading: 'The reference server answers 420 Invalid Record ("record could not be saved") when they are missing.',
    why: 'They are not REQUIRED parameters, so 424 would overstate; the record still cannot be saved.',
    checks: 'No check omits them.',
  },
  {
    id: 'INT-version-ids-hidden',
    section: '2, 4, 9',
    question:
      'Wiki pages (both variants) and artists (B) have a revert taking `version_id`, but no version resource lists their versions ("Wiki page | /wiki_pages | none"; artist versions are A only).',
    reading:
      'Their version ids cannot be learnt through the documented interface. The reference server numbers them like the other histories.',
    why: 'The document lists no way to read them.',
    checks:
      'For these reverts only the REQUIRED version_id and the refusal of an unknown version id are checked; restoring is not. A revert without version_id answered 404 may mean "version not found" (the service family answers so): the served check then warns naming this reading, rather than failing.',
  },
  {
    id: 'INT-dmail-read',
    section: '3, 4 Dmails',
    question: 'Dmail `read` is "true or false in searches (A only)"; what makes a dmail read is not shown.',
    reading: 'A new dmail is unread. The reference server marks it read when its recipient shows it.',
    why: 'A message nobody has opened yet is unread; showing it to its recipient is the only documented way to open it.',
    checks: 'A new, never shown dmail must be found with search[read]=false and not with true; the transition is not checked. A dmail shown to its recipient that the service then lists with read=true is a read one: read=false must leave it out.',
  },
  {
    id: 'INT-sort-order',
    section: '4',
    question: 'Sort keys ("values name or date", ...) give no direction, and lists without a sort key give no order.',
    reading:
      'The reference server sorts name and title alphabetically ignoring case, date as last change first, created_at newest first, counts largest first; without a sort key lists are newest first, at most 100 records.',
    why: 'These are the usual directions on the service family; the document gives none.',
    checks: 'Sort checks accept ascending or descending name order; they demand that the key orders the list, not a direction.',
  },
  {
    id: 'INT-permissions',
    section: '2, 5',
    question: 'Which user level may edit or delete which record is not shown.',
    reading:
      'On the reference server any logged-in user may create and edit artists, notes, pools, wiki pages and commentaries (they are versioned); deleting and undeleting, and editing forum topics and posts, is for their creator or a Moderator and above. Dmails belong to their sender and recipient (INT-dmail-owner).',
    why: 'Versioned records are open to editing on the service family; destructive operations are not.',
    checks:
      'Checks act as the record\'s creator, so no permission rule beyond dmail ownership is demanded. Actions for which the document gives no level are performed by the most privileged account of the accounts file (INT-levels).',
  },
  {
    id: 'INT-levels',
    section: '2, 4',
    question: 'The document gives no user level for any operation, yet the service family reserves some actions to higher levels (deleting pools and artists, copy_notes, votes).',
    reading:
      'A server may reserve any action to any level. The checker performs every action for which the document gives no level with the most privileged account of the accounts file (named in report.json as `actor`); accounts of a given role are used only where the document names the role (quotas, levels, ownership).',
    why: 'A refusal to a Member of an action the document gives no level for breaks no statement of the document.',
    checks:
      'No check fails because a lower level was refused. When the most privileged account is not the highest documented role and a state-changing request made with it is refused 403, the check is skipped, naming the account, rather than failed.',
  },
  {
    id: 'INT-comments-group-by',
    section: '4 Comments',
    question: '`group_by` on the comments list: "must be comment". What a server lists without it is not said.',
    reading:
      'Clients send group_by=comment on every comments list request. A server may list something else without it (the service family lists posts grouped with their comments). The reference server lists comments either way.',
    why: '"must be comment" is a demand on the request; it says nothing of requests that omit it.',
    checks: 'Every comments list request of the checker carries group_by=comment; no check depends on what a server does without it.',
  },
  {
    id: 'INT-dmail-copies',
    section: '4 Dmails',
    question: 'Whether the dmail a create makes has one id for both users.',
    reading:
      'A service may store a sender\'s copy and a recipient\'s copy under different ids (the service family does); the id a create answers may be the sender\'s. The reference server keeps one record.',
    why: '"A user can list, show and delete only the dmails the user owns": with two copies each user owns one.',
    checks: 'Checks about what the recipient sees take the id from the recipient\'s own list (by title), never assume the created id is the recipient\'s.',
  },
  {
    id: 'INT-note-geometry',
    section: '4 Notes',
    question: '`note[x]`, `note[y]`, `note[width]`, `note[height]` are "pixels from the top-left corner of the image": whether a note may lie outside the image.',
    reading: 'A server may refuse a note that does not lie inside the image. The reference server accepts any non-negative geometry.',
    why: 'Pixels of the image exist only inside it.',
    checks: 'Checks place their notes inside the 8x8 images they upload.',
  },
  {
    id: 'INT-throttling',
    section: '7, 8',
    question: '"421 User Throttled: user is throttled, try again later" may answer any request, not only past the hourly quota (the service family limits writes per account).',
    reading:
      'A 421 (or 429) outside the quota tier is a transient refusal: the checker sends the request again after the Retry-After the target gives, or with doubling back-off, within --deadline.',
    why: '"try again later" is what the document says a client should do.',
    checks: 'Only the quota tier checks 421 itself. Elsewhere a request still throttled when the budget runs out makes its check skip ("throttled"), never fail.',
  },
  {
    id: 'INT-exact-case',
    section: '4',
    question: '"exact match", "(exact)" and "exact string match" (search[creator_name], search[antecedent_name], search[source], ...) do not say whether case is significant.',
    reading:
      'An exact comparison finds a value equal to the searched one and no value that merely starts with it or contains it. Whether an exact match of a name or a title folds case is left open (the reference server compares user names ignoring case, other values as written). The "exact string match" of an upload\'s `search[source]` is of the string as sent: case, a trailing slash and every other character count.',
    why: 'The service family folds case in name lookups; the document says only that the comparison is exact. Of a source it says "exact string match", and the service family compares it so (A upload.rb:503-505 @cbf9d03: `source = ?`); a URL\'s path is case-sensitive, so a folded comparison finds another address.',
    checks: 'Effect checks search for a value with a decoy that has it as a prefix (`<value>_more`, a longer URL, a user name that extends another), which must be left out; no check of a name or a title sends a case variant, or fails a server for finding or not finding one. `uploads/search-source-exact` searches a source whose path has an upper-case letter beside uploads whose sources are it with more after it, with a trailing slash, and in lower case: each search lists its own upload only.',
  },
  {
    id: 'INT-matches',
    section: '4',
    question: 'A `*_matches` search parameter (`search[body_matches]`, `search[name_matches]`, ...) names what it searches, not how it compares.',
    reading:
      'A record whose field is one word is found by a search for that word, and a record whose field does not contain it is not. A record whose text (a body, a title, a description) is two words joined by ` & ` is found by a search for that text as written, and a record whose text shares only the first of them is not: every reading (a substring, a pattern, a full-text search of all the words, where `&` is no word) agrees on both. Whether the comparison is a substring, a `*` pattern or a full-text search is left open; the reference server compares case-insensitively, `*` as a wildcard, otherwise as a substring.',
    why: 'The service family uses full-text search for bodies and SQL patterns for names; every such comparison finds a field by its whole value, and none finds a field that shares no word with the value.',
    checks: 'Effect checks write one unique word per record and search for it: the record that has it is listed, the one with another word is not. A search of a text of several words is also asked with two words joined by ` & `, beside a record that has only the first (a server that escapes the search as HTML finds neither).',
  },
  {
    id: 'INT-format-parity',
    section: '2 Request conventions',
    question: '"The path suffix selects the format": whether a record read through .xml must say what it says through .json.',
    reading:
      'The suffix selects a rendering of the same resource: a field present in both renderings has the same value. XML element names may be dasherized (`tag-string` for `tag_string`), values are text (numbers and booleans as their decimal and true/false spellings), an empty element is null, a list is a space-delimited text or one child element per item, and a time may be written in another ISO 8601 form of the same instant. A field present in one rendering only is not demanded (INT-record-fields).',
    why: 'The document describes one set of resources with two formats; the service family renders both from the same record (Rails to_json and to_xml).',
    checks: 'Read-back checks compare every field the JSON and the XML rendering of the same record both carry, under the spellings above, as well as what was written.',
  },
  {
    id: 'INT-update-keeps',
    section: '4',
    question: 'What an update (or a create_or_update of a record that exists) does with the fields of its row it is not sent: every parameter of an update row is optional.',
    reading:
      'An update changes the fields it is sent and keeps the others as they were: a note moved by its body alone stays where it was, a post retagged keeps its rating, an artist renamed keeps its URLs. A post\'s tags may still grow where the service maintains them (INT-service-tags). A field sent empty is sent: an empty `post[source]` empties the source, and an empty `post[parent_id]` takes the parent away or is refused, never answered as a success that keeps the parent.',
    why: 'The rows list each parameter as optional, and the notes row says so of all of them ("all optional, same meaning"): a parameter that may be left out cannot mean "reset to a default" when left out. The service family updates the attributes given and no others (notes_controller.rb `@note.update_attributes(params[:note])` @010008e, as its other controllers do), an empty one too: Rails assigns an empty text to an integer column as no value, so an empty parent_id removes the parent.',
    checks: 'Update read-backs compare, beside the fields sent, every field of the row not sent that the record carries before and after (INT-record-fields): it must read as before. Notes, wiki pages, pools, artists and commentaries are updated one field at a time; a post\'s tags alone after its ratings.',
  },
  {
    id: 'INT-service-tags',
    section: '1, 4 Posts',
    question: 'Whether a post carries exactly the tags a client sent: the document says the service maintains tag aliases and implications.',
    reading:
      'A post carries every tag sent (or, where an alias applies, its consequent) and may carry more: implied tags, and tags the service adds of its own (the service family adds size tags such as `lowres` to an image, and `tagme` to a post with few tags).',
    why: 'Section 1: users "maintain ... tag aliases and implications", which add and replace tags; the family also tags by image size (A post.rb:722 @cbf9d03, B upload.rb:191 @9a70d8c).',
    checks: 'Read-back checks demand that every tag sent is present, never that no other tag is; and that a tag the client removed (carried before an update of post[tag_string], not in the tags sent) is gone: what the service adds stays allowed, what the client took away does not.',
  },
  {
    id: 'INT-pool-order',
    section: '4 Pools',
    question: '`pool[post_ids]` (space-delimited post ids): whether a pool keeps its posts in the order sent.',
    reading: 'A pool is an ordered sequence of posts: it shows its post ids in the order pool[post_ids] gave them, as the service family keeps them (a pool is read in order).',
    why: 'The document gives the posts of a pool as a list, not their order; the family keeps the order sent (A pool.rb post_ids array).',
    checks: 'Post ids sent in an order other than ascending must all be shown (MUST, the text); shown in another order, the check warns, naming this reading.',
  },
  {
    id: 'INT-business-rules',
    section: '3, 4, 7',
    question: 'Rules a service may enforce on a create that the document does not list (which posts can be appealed, how often a user may act), answered with a documented refusal.',
    reading:
      'A service may refuse a create whose precondition its own rules set, with a documented refusal (420 Invalid Record, 422 Locked). Where the document offers the operation that meets the precondition, a client meets it first: a post is flagged before it is appealed (the service family appeals only flagged or deleted posts: A post_appeal.rb @cbf9d03).',
    why: 'Transitions are not shown (section 3); the family enforces such rules, and a real client follows them.',
    checks: 'Checks flag a post before appealing it, and demand no more of an appeal than of a flag. A create refused with 420 or 422 where the document lists no rule that refuses it (an account\'s daily limit of appeals or flags, its age) makes the check not established, with the service\'s reason (verdict INCOMPLETE, "rules"), never failed: the service family refuses a second appeal of an account within a day (A post_appeal.rb:91-92, B post_appeal.rb:44-45) and limits flags and comments by account (A post_flag.rb:158-172, user.rb:522-536 @cbf9d03).',
  },
  {
    id: 'INT-status-table',
    section: '7',
    question: 'Whether the table of HTTP status codes is complete: may a server answer a status it does not list?',
    reading:
      'The table names the codes the service gives a meaning of its own. A standard HTTP status whose meaning agrees with the outcome and takes no row of the table is read by its HTTP meaning: any 2xx is a success (201 Created answering a create), and 401 Unauthorized refuses access as 403 does. Such an answer is Non-Strict: a warning naming this reading, never a failure unless --strict. A 429 Too Many Requests is throttling, waited out like a 421 (INT-throttling). Any other status outside the table fails: a 400 for invalid parameters takes the place of the row (424) the table gives that meaning, and a 3xx answers no request of the document. In B a 204 fails: the table marks it A only.',
    why: 'The document says of the reason values that their complete list is not shown, and of the codes nothing; section 7 reads success "from the status code". The service family answers creates with 201 (Rails respond_with, A uploads_controller.rb:54-58 @cbf9d03) and missing or wrong credentials with 401 (A application_controller.rb:105-118 @cbf9d03, B application_controller.rb:15-20 @9a70d8c).',
    checks: 'IB-7-status-documented: a 2xx other than 200/204, or a 401, warns; other statuses outside the variant\'s table fail.',
  },
  {
    id: 'INT-version-merging',
    section: '9',
    question: 'Whether every change of a record adds a version to its history: section 9 says histories are listed and reverted, not how a change becomes a version.',
    reading:
      'A change by another updater than the newest version\'s adds a version. Changes by the same updater soon after may be folded into the newest version instead, as the service family folds an updater\'s changes within an hour (A note.rb:148-158, artist.rb:162-170, wiki_page.rb:204-229, artist_commentary.rb:117-129 @cbf9d03; B pool.rb:231-239 @9a70d8c).',
    why: 'A history of every keystroke is not what the document promises; a history that loses another user\'s change is not a history.',
    checks: 'versions/*/listed changes a record as another account than the one that made it and demands one more version; versions/*/revert makes its two changes as different accounts, so the version it reverts to holds the first change on either kind of server.',
  },
  {
    id: 'INT-artist-posts',
    section: '4 Artists',
    question: '`search[empty_only]` "true selects artists with 0 posts": which posts are an artist\'s.',
    reading: "An artist's posts are the posts tagged with the artist's name, as on the service family (an artist is the wiki of its tag).",
    why: 'The document gives no other link between posts and artists.',
    checks: 'An artist whose name no post carries is listed with empty_only=true; an artist whose name a post carries is not.',
  },
] as const satisfies readonly Interpretation[];

export type InterpretationId = (typeof register)[number]['id'];

export const INTERPRETATIONS: readonly Interpretation[] = register;

export function interpretation(id: InterpretationId): Interpretation {
  const found = register.find((entry) => entry.id === id);
  if (!found) throw new Error(`unknown interpretation ${id}`);
  return found;
}
