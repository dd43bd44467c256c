-- Hourly request counts (section 8) of servers that share one database (DATABASE_URL): every instance
-- counts a caller's requests in the same row, so N instances grant a caller its quota once, not N times.
-- One row per caller and window; rows of past windows are deleted as windows pass.
CREATE TABLE request_quota (
  window_start bigint NOT NULL,
  caller text NOT NULL,
  requests integer NOT NULL,
  PRIMARY KEY (window_start, caller)
);
