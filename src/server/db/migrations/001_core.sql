-- Core resources: users, posts and their versions, votes, flags, appeals, uploads, comments, dmails,
-- notes (served in part 2; copy_notes already writes them) and the tags table kept from tag strings.

CREATE TABLE IF NOT EXISTS users (
  id serial PRIMARY KEY,
  name text NOT NULL,
  level integer NOT NULL,
  api_key_sha256 text NOT NULL,
  legacy_hash_sha256 text,
  password_scrypt text,
  post_upload_count integer NOT NULL DEFAULT 0,
  post_update_count integer NOT NULL DEFAULT 0,
  note_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS users_name_lower ON users (lower(name));

CREATE TABLE IF NOT EXISTS posts (
  id serial PRIMARY KEY,
  uploader_id integer NOT NULL REFERENCES users (id),
  tag_string text NOT NULL DEFAULT '',
  tag_array text[] NOT NULL DEFAULT '{}',
  rating text NOT NULL,
  source text NOT NULL DEFAULT '',
  parent_id integer REFERENCES posts (id),
  md5 text,
  file_ext text,
  file_size integer,
  image_width integer,
  image_height integer,
  score integer NOT NULL DEFAULT 0,
  up_score integer NOT NULL DEFAULT 0,
  down_score integer NOT NULL DEFAULT 0,
  is_flagged boolean NOT NULL DEFAULT false,
  last_commented_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS posts_tag_array ON posts USING gin (tag_array);
CREATE INDEX IF NOT EXISTS posts_parent_id ON posts (parent_id);
CREATE INDEX IF NOT EXISTS posts_uploader_id ON posts (uploader_id);

CREATE TABLE IF NOT EXISTS post_versions (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id),
  version integer NOT NULL,
  updater_id integer NOT NULL REFERENCES users (id),
  tag_string text NOT NULL,
  rating text NOT NULL,
  source text NOT NULL,
  parent_id integer,
  added_tags text[] NOT NULL DEFAULT '{}',
  removed_tags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS post_versions_post_id ON post_versions (post_id);

CREATE TABLE IF NOT EXISTS post_votes (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id),
  user_id integer NOT NULL REFERENCES users (id),
  score integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (post_id, user_id)
);

CREATE TABLE IF NOT EXISTS post_flags (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id),
  creator_id integer NOT NULL REFERENCES users (id),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS post_flags_post_id ON post_flags (post_id);

CREATE TABLE IF NOT EXISTS post_appeals (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id),
  creator_id integer NOT NULL REFERENCES users (id),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS post_appeals_post_id ON post_appeals (post_id);

CREATE TABLE IF NOT EXISTS uploads (
  id serial PRIMARY KEY,
  uploader_id integer NOT NULL REFERENCES users (id),
  source text NOT NULL DEFAULT '',
  rating text NOT NULL,
  parent_id integer,
  tag_string text NOT NULL DEFAULT '',
  md5 text,
  file_ext text,
  file_size integer,
  post_id integer REFERENCES posts (id),
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS uploads_source ON uploads (source);

CREATE TABLE IF NOT EXISTS comments (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id),
  creator_id integer NOT NULL REFERENCES users (id),
  updater_id integer NOT NULL REFERENCES users (id),
  body text NOT NULL,
  do_not_bump_post boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS comments_post_id ON comments (post_id);

CREATE TABLE IF NOT EXISTS dmails (
  id serial PRIMARY KEY,
  from_id integer NOT NULL REFERENCES users (id),
  to_id integer NOT NULL REFERENCES users (id),
  title text NOT NULL,
  body text NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  deleted_by_sender boolean NOT NULL DEFAULT false,
  deleted_by_recipient boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS dmails_from_id ON dmails (from_id);
CREATE INDEX IF NOT EXISTS dmails_to_id ON dmails (to_id);

CREATE TABLE IF NOT EXISTS notes (
  id serial PRIMARY KEY,
  post_id integer NOT NULL REFERENCES posts (id),
  creator_id integer NOT NULL REFERENCES users (id),
  x integer NOT NULL,
  y integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  body text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS notes_post_id ON notes (post_id);

CREATE TABLE IF NOT EXISTS tags (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  category integer NOT NULL DEFAULT 0,
  post_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
