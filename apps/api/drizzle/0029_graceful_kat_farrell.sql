CREATE TABLE "lecture_media" (
	"lecture_id" integer PRIMARY KEY NOT NULL,
	"status" varchar(20) NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"source_key" text NOT NULL,
	"prefix" text,
	"heights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_media_status_check" CHECK ("lecture_media"."status" IN ('queued', 'processing', 'ready', 'failed', 'unavailable')),
	CONSTRAINT "lecture_media_progress_check" CHECK ("lecture_media"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "lecture_media" ADD CONSTRAINT "lecture_media_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;