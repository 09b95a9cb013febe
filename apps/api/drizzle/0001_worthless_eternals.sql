CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" varchar(80) NOT NULL,
	"name_es" varchar(80) NOT NULL,
	"slug" varchar(80) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title_en" varchar(160) NOT NULL,
	"title_es" varchar(160) NOT NULL,
	"exam_quiz_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"level_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title_en" varchar(160) NOT NULL,
	"title_es" varchar(160) NOT NULL,
	"exam_quiz_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"title_en" varchar(160) NOT NULL,
	"title_es" varchar(160) NOT NULL,
	"short_description_en" varchar(300) DEFAULT '' NOT NULL,
	"short_description_es" varchar(300) DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"price_pence" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) DEFAULT 'GBP' NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"cover_image_key" text,
	"cover_image_type" varchar(40),
	"position" integer DEFAULT 0 NOT NULL,
	"enrolment_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title_en, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(short_description_en, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description_en, '')), 'C')) STORED NOT NULL,
	"search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish'::regconfig, coalesce(title_es, '')), 'A') || setweight(to_tsvector('spanish'::regconfig, coalesce(short_description_es, '')), 'B') || setweight(to_tsvector('spanish'::regconfig, coalesce(description_es, '')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_status_check" CHECK ("courses"."status" IN ('draft', 'coming_soon', 'published')),
	CONSTRAINT "courses_price_check" CHECK ("courses"."price_pence" >= 0),
	CONSTRAINT "courses_free_check" CHECK (NOT "courses"."is_free" OR "courses"."price_pence" = 0)
);
--> statement-breakpoint
CREATE TABLE "lecture_ebooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"title_en" varchar(160) NOT NULL,
	"title_es" varchar(160) NOT NULL,
	"file_key" text NOT NULL,
	"file_bytes" integer DEFAULT 0 NOT NULL,
	"pages" smallint DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecture_faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"question_en" varchar(300) NOT NULL,
	"question_es" varchar(300) NOT NULL,
	"answer_en" text NOT NULL,
	"answer_es" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lectures" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title_en" varchar(160) NOT NULL,
	"title_es" varchar(160) NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"video_key" text,
	"video_type" varchar(40),
	"video_bytes" integer,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"is_preview" boolean DEFAULT false NOT NULL,
	"has_quiz" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lectures_status_check" CHECK ("lectures"."status" IN ('draft', 'coming_soon', 'published')),
	CONSTRAINT "lectures_duration_check" CHECK ("lectures"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ebook_reads" (
	"user_id" integer NOT NULL,
	"ebook_id" integer NOT NULL,
	"last_page" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ebook_reads_user_id_ebook_id_pk" PRIMARY KEY("user_id","ebook_id")
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"source" varchar(20) NOT NULL,
	"last_lecture_id" integer,
	"last_activity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolments_source_check" CHECK ("enrolments"."source" IN ('free', 'purchase', 'sponsorship', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "lecture_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"admin_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecture_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lecture_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecture_notes_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"module_id" integer,
	"lecture_id" integer,
	"source" varchar(20) DEFAULT 'admin' NOT NULL,
	"granted_by" integer,
	"note" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_notes_access_source_check" CHECK ("lecture_notes_access"."source" IN ('purchase', 'admin', 'sponsorship'))
);
--> statement-breakpoint
CREATE TABLE "lecture_progress" (
	"user_id" integer NOT NULL,
	"lecture_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"watched_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_seconds" integer DEFAULT 0 NOT NULL,
	"last_position_seconds" integer DEFAULT 0 NOT NULL,
	"video_watched_at" timestamp with time zone,
	"quiz_passed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"last_report_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_progress_user_id_lecture_id_pk" PRIMARY KEY("user_id","lecture_id"),
	CONSTRAINT "lecture_progress_seconds_check" CHECK ("lecture_progress"."watched_seconds" >= 0 AND "lecture_progress"."last_position_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lecture_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"status" varchar(20) DEFAULT 'unanswered' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_questions_status_check" CHECK ("lecture_questions"."status" IN ('unanswered', 'answered'))
);
--> statement-breakpoint
ALTER TABLE "course_levels" ADD CONSTRAINT "course_levels_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_level_id_course_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."course_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_ebooks" ADD CONSTRAINT "lecture_ebooks_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_faqs" ADD CONSTRAINT "lecture_faqs_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebook_reads" ADD CONSTRAINT "ebook_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebook_reads" ADD CONSTRAINT "ebook_reads_ebook_id_lecture_ebooks_id_fk" FOREIGN KEY ("ebook_id") REFERENCES "public"."lecture_ebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_last_lecture_id_lectures_id_fk" FOREIGN KEY ("last_lecture_id") REFERENCES "public"."lectures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_answers" ADD CONSTRAINT "lecture_answers_question_id_lecture_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."lecture_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_answers" ADD CONSTRAINT "lecture_answers_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD CONSTRAINT "lecture_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD CONSTRAINT "lecture_notes_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_notes" ADD CONSTRAINT "lecture_notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_notes_access" ADD CONSTRAINT "lecture_notes_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_notes_access" ADD CONSTRAINT "lecture_notes_access_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_notes_access" ADD CONSTRAINT "lecture_notes_access_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_notes_access" ADD CONSTRAINT "lecture_notes_access_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_notes_access" ADD CONSTRAINT "lecture_notes_access_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_progress" ADD CONSTRAINT "lecture_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_progress" ADD CONSTRAINT "lecture_progress_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_progress" ADD CONSTRAINT "lecture_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_questions" ADD CONSTRAINT "lecture_questions_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_questions" ADD CONSTRAINT "lecture_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_questions" ADD CONSTRAINT "lecture_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_unique" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_position_idx" ON "categories" USING btree ("position");--> statement-breakpoint
CREATE INDEX "course_levels_course_idx" ON "course_levels" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "course_modules_level_idx" ON "course_modules" USING btree ("level_id","position");--> statement-breakpoint
CREATE INDEX "course_modules_course_idx" ON "course_modules" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "courses_status_position_idx" ON "courses" USING btree ("status","position","id");--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category_id","status");--> statement-breakpoint
CREATE INDEX "courses_enrolment_count_idx" ON "courses" USING btree ("enrolment_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_search_en_idx" ON "courses" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "courses_search_es_idx" ON "courses" USING gin ("search_es");--> statement-breakpoint
CREATE INDEX "lecture_ebooks_lecture_idx" ON "lecture_ebooks" USING btree ("lecture_id","position");--> statement-breakpoint
CREATE INDEX "lecture_faqs_lecture_idx" ON "lecture_faqs" USING btree ("lecture_id","position");--> statement-breakpoint
CREATE INDEX "lectures_module_idx" ON "lectures" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "lectures_course_idx" ON "lectures" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_user_course_unique" ON "enrolments" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "enrolments_user_activity_idx" ON "enrolments" USING btree ("user_id","last_activity_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrolments_course_idx" ON "enrolments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "lecture_answers_question_idx" ON "lecture_answers" USING btree ("question_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_notes_user_lecture_unique" ON "lecture_notes" USING btree ("user_id","lecture_id");--> statement-breakpoint
CREATE INDEX "lecture_notes_user_course_idx" ON "lecture_notes" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "lecture_notes_access_user_course_idx" ON "lecture_notes_access" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "lecture_progress_user_course_idx" ON "lecture_progress" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "lecture_questions_user_lecture_idx" ON "lecture_questions" USING btree ("user_id","lecture_id");--> statement-breakpoint
CREATE INDEX "lecture_questions_status_idx" ON "lecture_questions" USING btree ("status","id" DESC NULLS LAST);