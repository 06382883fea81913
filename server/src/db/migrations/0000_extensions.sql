-- pg_trgm backs the search indexes on sneakers and catalog_releases.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
