CREATE TABLE "access_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"learner_id" integer,
	"action" varchar(20) NOT NULL,
	"course_id" integer,
	"quiz_id" integer,
	"subject_id" integer,
	"attempts" smallint,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_audit_log_action_check" CHECK ("access_audit_log"."action" IN ('grant_course', 'revoke_course', 'grant_exam', 'revoke_exam'))
);
--> statement-breakpoint
CREATE TABLE "exam_accesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"attempts_used" smallint DEFAULT 0 NOT NULL,
	"source" varchar(12) NOT NULL,
	"order_line_id" integer,
	"granted_by" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text,
	CONSTRAINT "exam_accesses_attempts_check" CHECK ("exam_accesses"."attempts_used" BETWEEN 0 AND 2),
	CONSTRAINT "exam_accesses_source_check" CHECK ("exam_accesses"."source" IN ('purchase', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "exam_passes" (
	"user_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"course_id" integer NOT NULL,
	"module_id" integer,
	"level_id" integer,
	"score_percent" smallint NOT NULL,
	"passed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_passes_user_id_quiz_id_pk" PRIMARY KEY("user_id","quiz_id"),
	CONSTRAINT "exam_passes_kind_check" CHECK ("exam_passes"."kind" IN ('module', 'level'))
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"exam_access_id" integer,
	"question_ids" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"status" varchar(12) DEFAULT 'in_progress' NOT NULL,
	"score_percent" smallint,
	"points" real,
	"max_points" real,
	"passed" boolean,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"results" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_attempts_status_check" CHECK ("quiz_attempts"."status" IN ('in_progress', 'submitted', 'expired')),
	CONSTRAINT "quiz_attempts_graded_check" CHECK (("quiz_attempts"."status" = 'in_progress') = ("quiz_attempts"."submitted_at" IS NULL AND "quiz_attempts"."passed" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" varchar(20) NOT NULL,
	"text_en" text NOT NULL,
	"text_es" text NOT NULL,
	"explanation_en" text DEFAULT '' NOT NULL,
	"explanation_es" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_questions_type_check" CHECK ("quiz_questions"."type" IN ('single', 'multiple', 'missing_word', 'word_linking'))
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"lecture_id" integer,
	"module_id" integer,
	"level_id" integer,
	"course_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"title_en" varchar(160) DEFAULT '' NOT NULL,
	"title_es" varchar(160) DEFAULT '' NOT NULL,
	"instructions_en" text DEFAULT '' NOT NULL,
	"instructions_es" text DEFAULT '' NOT NULL,
	"time_limit_seconds" integer DEFAULT 600 NOT NULL,
	"pass_mark_percent" smallint DEFAULT 70 NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"price_pence" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) DEFAULT 'GBP' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_one_owner_check" CHECK (num_nonnulls("quizzes"."lecture_id", "quizzes"."module_id", "quizzes"."level_id") = 1),
	CONSTRAINT "quizzes_kind_check" CHECK (("quizzes"."kind" = 'lecture' AND "quizzes"."lecture_id" IS NOT NULL) OR ("quizzes"."kind" = 'module' AND "quizzes"."module_id" IS NOT NULL) OR ("quizzes"."kind" = 'level' AND "quizzes"."level_id" IS NOT NULL)),
	CONSTRAINT "quizzes_status_check" CHECK ("quizzes"."status" IN ('draft', 'published')),
	CONSTRAINT "quizzes_time_limit_check" CHECK ("quizzes"."time_limit_seconds" BETWEEN 30 AND 14400),
	CONSTRAINT "quizzes_pass_mark_check" CHECK ("quizzes"."pass_mark_percent" BETWEEN 1 AND 100),
	CONSTRAINT "quizzes_price_check" CHECK ("quizzes"."price_pence" >= 0),
	CONSTRAINT "quizzes_paid_check" CHECK ("quizzes"."is_paid" = ("quizzes"."kind" <> 'lecture'))
);
--> statement-breakpoint
ALTER TABLE "access_audit_log" ADD CONSTRAINT "access_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_audit_log" ADD CONSTRAINT "access_audit_log_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_audit_log" ADD CONSTRAINT "access_audit_log_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_audit_log" ADD CONSTRAINT "access_audit_log_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accesses" ADD CONSTRAINT "exam_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accesses" ADD CONSTRAINT "exam_accesses_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accesses" ADD CONSTRAINT "exam_accesses_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accesses" ADD CONSTRAINT "exam_accesses_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_passes" ADD CONSTRAINT "exam_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_passes" ADD CONSTRAINT "exam_passes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_passes" ADD CONSTRAINT "exam_passes_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_passes" ADD CONSTRAINT "exam_passes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_passes" ADD CONSTRAINT "exam_passes_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_passes" ADD CONSTRAINT "exam_passes_level_id_course_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."course_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_exam_access_id_exam_accesses_id_fk" FOREIGN KEY ("exam_access_id") REFERENCES "public"."exam_accesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_level_id_course_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."course_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_audit_log_learner_idx" ON "access_audit_log" USING btree ("learner_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_audit_log_created_idx" ON "access_audit_log" USING btree ("id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exam_accesses_user_quiz_idx" ON "exam_accesses" USING btree ("user_id","quiz_id","id");--> statement-breakpoint
CREATE INDEX "exam_accesses_quiz_idx" ON "exam_accesses" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "exam_passes_user_course_idx" ON "exam_passes" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_one_in_progress" ON "quiz_attempts" USING btree ("user_id","quiz_id") WHERE "quiz_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_quiz_idx" ON "quiz_attempts" USING btree ("user_id","quiz_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quiz_attempts_deadline_idx" ON "quiz_attempts" USING btree ("deadline_at") WHERE "quiz_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "quiz_questions_quiz_idx" ON "quiz_questions" USING btree ("quiz_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_lecture_unique" ON "quizzes" USING btree ("lecture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_module_unique" ON "quizzes" USING btree ("module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_level_unique" ON "quizzes" USING btree ("level_id");--> statement-breakpoint
CREATE INDEX "quizzes_course_idx" ON "quizzes" USING btree ("course_id","kind");