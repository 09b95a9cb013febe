CREATE TABLE "course_review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by_id" integer,
	"report_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_reviews_rating_check" CHECK ("course_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "level" varchar(20) DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "teaching_language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outcomes_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outcomes_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "requirements_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "requirements_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "duration_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_average" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_distribution" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_folded" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, search_fold(coalesce(title_en, ''))), 'A') || setweight(to_tsvector('spanish'::regconfig, search_fold(coalesce(title_es, ''))), 'A') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce(short_description_en, ''))), 'B') || setweight(to_tsvector('spanish'::regconfig, search_fold(coalesce(short_description_es, ''))), 'B') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce(description_en, ''))), 'C') || setweight(to_tsvector('spanish'::regconfig, search_fold(coalesce(description_es, ''))), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "course_review_reports" ADD CONSTRAINT "course_review_reports_review_id_course_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."course_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_review_reports" ADD CONSTRAINT "course_review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_hidden_by_id_users_id_fk" FOREIGN KEY ("hidden_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_review_reports_unique" ON "course_review_reports" USING btree ("review_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_reviews_course_user_unique" ON "course_reviews" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "course_reviews_course_idx" ON "course_reviews" USING btree ("course_id","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "course_reviews_reported_idx" ON "course_reviews" USING btree ("report_count" DESC NULLS LAST,"id") WHERE "course_reviews"."report_count" > 0;--> statement-breakpoint
CREATE INDEX "courses_search_folded_idx" ON "courses" USING gin ("search_folded");--> statement-breakpoint
CREATE INDEX "courses_status_rating_idx" ON "courses" USING btree ("status","rating_average" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "courses_status_published_idx" ON "courses" USING btree ("status","published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "courses_status_price_idx" ON "courses" USING btree ("status","price_pence","id");--> statement-breakpoint
CREATE INDEX "courses_status_enrolment_idx" ON "courses" USING btree ("status","enrolment_count" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_level_check" CHECK ("courses"."level" IN ('beginner', 'intermediate', 'advanced', 'all'));--> statement-breakpoint
-- A title's total length (published lectures) follows every lecture write, whichever code path
-- made it (authoring, media probe, seeds, bench cloning), so catalogue length filters stay true.
CREATE OR REPLACE FUNCTION lectures_course_duration() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
BEGIN
  FOR target IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.course_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.course_id END
    ]) AS x WHERE x IS NOT NULL
  LOOP
    UPDATE courses SET duration_seconds = (
      SELECT coalesce(sum(l.duration_seconds), 0) FROM lectures l
      WHERE l.course_id = target AND l.status = 'published'
    ) WHERE id = target;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lectures_course_duration AFTER INSERT OR DELETE OR UPDATE OF status, duration_seconds, course_id
  ON lectures FOR EACH ROW EXECUTE FUNCTION lectures_course_duration();--> statement-breakpoint
UPDATE courses c SET duration_seconds = (
  SELECT coalesce(sum(l.duration_seconds), 0) FROM lectures l WHERE l.course_id = c.id AND l.status = 'published'
);
