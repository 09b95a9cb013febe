CREATE TABLE "lecture_captions" (
	"lecture_id" integer NOT NULL,
	"language" varchar(2) NOT NULL,
	"file_key" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"cue_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_captions_lecture_id_language_pk" PRIMARY KEY("lecture_id","language"),
	CONSTRAINT "lecture_captions_language_check" CHECK ("lecture_captions"."language" IN ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "lecture_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"title_en" varchar(120) NOT NULL,
	"title_es" varchar(120) NOT NULL,
	"start_seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_chapters_start_check" CHECK ("lecture_chapters"."start_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lecture_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"title" varchar(160) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"content_type" varchar(80) NOT NULL,
	"file_key" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lecture_captions" ADD CONSTRAINT "lecture_captions_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_chapters" ADD CONSTRAINT "lecture_chapters_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_resources" ADD CONSTRAINT "lecture_resources_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_chapters_lecture_idx" ON "lecture_chapters" USING btree ("lecture_id","start_seconds");--> statement-breakpoint
CREATE INDEX "lecture_resources_lecture_idx" ON "lecture_resources" USING btree ("lecture_id","position");