-- Rate-limit counters shared by every API node (http/rate-limit-store.ts). UNLOGGED: no WAL per
-- hit, and after a crash the table comes back empty, which only forgives a minute's counts.
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
