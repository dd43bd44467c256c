-- The uploaded files of posts, by md5 (INT-post-files): served at the URLs of post records.

CREATE TABLE IF NOT EXISTS post_files (
  md5 text PRIMARY KEY,
  file_ext text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
