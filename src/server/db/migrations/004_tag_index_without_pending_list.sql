-- The GIN index of post tags takes each post into its tree at once (fastupdate off), not into a pending
-- list that only VACUUM merges: the embedded engine runs no autovacuum, so that list grew with every post
-- and every search by tag read it whole (bench/tag-search.ts). Posts are written one at a time: an
-- insert pays a little more for it, a search much less.

ALTER INDEX posts_tag_array SET (fastupdate = off);

SELECT gin_clean_pending_list('posts_tag_array'::regclass);
