-- Part 2 resources: artists and their versions, note versions, pools and their versions, tag aliases and
-- implications, wiki pages and their versions, forum topics and posts, artist commentaries and their
-- versions. Version rows snapshot the writable fields of their record. Tables that name a post or a note
-- carry no foreign key to them, so the post and note tables keep their own deletion rules. Unique names
-- (artist name, pool name, wiki page title) are enforced by the server under a per-name lock, so that
-- the refusal is a 423 Already Exists (INT-already-exists).

ALTER TABLE notes ADD COLUMN IF NOT EXISTS updater_id integer REFERENCES users (id);

CREATE TABLE IF NOT EXISTS note_versions (
  id serial PRIMARY KEY,
  note_id integer NOT NULL,
  post_id integer NOT NULL,
  version integer NOT NULL,
  updater_id integer NOT NULL REFERENCES users (id),
  x integer NOT NULL,
  y integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  body text NOT NULL,
  is_active boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS note_versions_note_id ON note_versions (note_id);
CREATE INDEX IF NOT EXISTS note_versions_post_id ON note_versions (post_id);

CREATE TABLE IF NOT EXISTS artists (
  id serial PRIMARY KEY,
  name text NOT NULL,
  other_names_comma text NOT NULL DEFAULT '',
  other_names text[] NOT NULL DEFAULT '{}',
  group_name text NOT NULL DEFAULT '',
  url_string text NOT NULL DEFAULT '',
  urls text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  is_banned boolean NOT NULL DEFAULT false,
  is_deleted boolean NOT NULL DEFAULT false,
  creator_id integer NOT NULL REFERENCES users (id),
  updater_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS artists_name_lower ON artists (lower(name));

CREATE TABLE IF NOT EXISTS artist_versions (
  id serial PRIMARY KEY,
  artist_id integer NOT NULL REFERENCES artists (id),
  version integer NOT NULL,
  updater_id integer NOT NULL REFERENCES users (id),
  name text NOT NULL,
  other_names_comma text NOT NULL,
  other_names text[] NOT NULL,
  group_name text NOT NULL,
  url_string text NOT NULL,
  urls text[] NOT NULL,
  is_active boolean NOT NULL,
  is_banned boolean NOT NULL,
  is_deleted boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS artist_versions_artist_id ON artist_versions (artist_id);

CREATE TABLE IF NOT EXISTS pools (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT 'series',
  post_ids integer[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  is_deleted boolean NOT NULL DEFAULT false,
  creator_id integer NOT NULL REFERENCES users (id),
  updater_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS pools_name_lower ON pools (lower(name));

CREATE TABLE IF NOT EXISTS pool_versions (
  id serial PRIMARY KEY,
  pool_id integer NOT NULL REFERENCES pools (id),
  version integer NOT NULL,
  updater_id integer NOT NULL REFERENCES users (id),
  name text NOT NULL,
  description text NOT NULL,
  category text NOT NULL,
  post_ids integer[] NOT NULL,
  is_active boolean NOT NULL,
  is_deleted boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS pool_versions_pool_id ON pool_versions (pool_id);

CREATE TABLE IF NOT EXISTS tag_aliases (
  id serial PRIMARY KEY,
  antecedent_name text NOT NULL UNIQUE,
  consequent_name text NOT NULL,
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS tag_implications (
  id serial PRIMARY KEY,
  antecedent_name text NOT NULL,
  consequent_name text NOT NULL,
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (antecedent_name, consequent_name)
);

-- No operation creates aliases or implications; a few are seeded so their listings have content.
INSERT INTO tag_aliases (antecedent_name, consequent_name) VALUES
  ('kitty', 'cat'),
  ('doggy', 'dog'),
  ('bw', 'monochrome')
ON CONFLICT DO NOTHING;

INSERT INTO tag_implications (antecedent_name, consequent_name) VALUES
  ('kitten', 'cat'),
  ('cat', 'animal'),
  ('dog', 'animal')
ON CONFLICT DO NOTHING;

CREATE TABLE IF NOT EXISTS wiki_pages (
  id serial PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  other_names_string text NOT NULL DEFAULT '',
  other_names text[] NOT NULL DEFAULT '{}',
  creator_id integer NOT NULL REFERENCES users (id),
  updater_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS wiki_pages_title_lower ON wiki_pages (lower(title));

CREATE TABLE IF NOT EXISTS wiki_page_versions (
  id serial PRIMARY KEY,
  wiki_page_id integer NOT NULL REFERENCES wiki_pages (id),
  version integer NOT NULL,
  updater_id integer NOT NULL REFERENCES users (id),
  title text NOT NULL,
  body text NOT NULL,
  other_names_string text NOT NULL,
  other_names text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS wiki_page_versions_wiki_page_id ON wiki_page_versions (wiki_page_id);

CREATE TABLE IF NOT EXISTS forum_topics (
  id serial PRIMARY KEY,
  title text NOT NULL,
  category_id integer NOT NULL DEFAULT 0,
  creator_id integer NOT NULL REFERENCES users (id),
  updater_id integer NOT NULL REFERENCES users (id),
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS forum_posts (
  id serial PRIMARY KEY,
  topic_id integer NOT NULL REFERENCES forum_topics (id),
  body text NOT NULL,
  creator_id integer NOT NULL REFERENCES users (id),
  updater_id integer NOT NULL REFERENCES users (id),
  is_deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS forum_posts_topic_id ON forum_posts (topic_id);

CREATE TABLE IF NOT EXISTS artist_commentaries (
  id serial PRIMARY KEY,
  post_id integer NOT NULL,
  original_title text NOT NULL DEFAULT '',
  original_description text NOT NULL DEFAULT '',
  translated_title text NOT NULL DEFAULT '',
  translated_description text NOT NULL DEFAULT '',
  creator_id integer NOT NULL REFERENCES users (id),
  updater_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS artist_commentaries_post_id ON artist_commentaries (post_id);

CREATE TABLE IF NOT EXISTS artist_commentary_versions (
  id serial PRIMARY KEY,
  commentary_id integer NOT NULL REFERENCES artist_commentaries (id),
  post_id integer NOT NULL,
  version integer NOT NULL,
  updater_id integer NOT NULL REFERENCES users (id),
  original_title text NOT NULL,
  original_description text NOT NULL,
  translated_title text NOT NULL,
  translated_description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS artist_commentary_versions_post_id ON artist_commentary_versions (post_id);
