-- Value sorts with search words skip the stretches of the value order that hold no match. A GIN
-- index whose keys pair a narrow value band with a trigram of search_text ('548:gre', and one key
-- for the brand, '548#Jordan') answers "does band 548 hold a Jordan with gre and rey?" from posting
-- lists of that band alone, a few index pages, where the plain trigram index would intersect every
-- row holding those trigrams. The search probes the bands in value order, then walks the covering
-- value index inside the first band that holds a match (value-search.repository.ts,
-- docs/performance/search-by-value.md).
--
-- A band is 1% of value: floor(100 * ln(value + 1)), band 0 also holding any value below zero (the
-- API refuses them; a row written otherwise must still be indexed). The bounds below are widened
-- by a millionth and rounded outwards to the cent, so that a walk between them never misses a row
-- of the band.
CREATE FUNCTION "sneaker_value_band"("value" numeric) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select floor(ln(greatest("value", 0)::float8 + 1) * 100)::integer $$;--> statement-breakpoint
CREATE FUNCTION "sneaker_value_band_low"("band" integer) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select case when "band" <= 0 then -99999999.99 else floor((exp("band" / 100.0) * 0.999999 - 1) * 100) / 100 end $$;--> statement-breakpoint
CREATE FUNCTION "sneaker_value_band_high"("band" integer) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select ceil((exp(("band" + 1) / 100.0) * 1.000001 - 1) * 100) / 100 $$;--> statement-breakpoint
-- The keys of one row: its band with each trigram made of three letters or digits (the only kind a
-- search word asks for), and its band with its brand. search_path is fixed at creation: index
-- maintenance runs with a restricted one (PostgreSQL 17+), and show_trgm lives where pg_trgm was installed.
CREATE FUNCTION "sneaker_value_search_keys"("brand" text, "display_value" numeric, "search_text" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path FROM CURRENT
  AS $$
    select array_append(array(select b || ':' || t from unnest(show_trgm("search_text")) t where strpos(t, ' ') = 0), b || '#' || "brand")
    from (select sneaker_value_band("display_value")::text as b) band
  $$;--> statement-breakpoint
CREATE INDEX "sneakers_value_search_keys_idx" ON "sneakers" USING gin (sneaker_value_search_keys("brand", "display_value", "search_text"));
