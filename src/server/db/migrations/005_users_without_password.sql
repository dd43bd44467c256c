-- An account's password is no credential of the API (section 5 accepts the API key and the legacy
-- password hash, kept as SHA-256): nothing ever read its scrypt hash, which cost every fresh database
-- ~80 ms of CPU per account to compute at seeding. It is not stored.

ALTER TABLE users DROP COLUMN password_scrypt;
