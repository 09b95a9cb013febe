CREATE TABLE "login_failures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecture_views" (
	"user_id" integer NOT NULL,
	"lecture_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"credited_seconds" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lecture_views_user_id_lecture_id_pk" PRIMARY KEY("user_id","lecture_id"),
	CONSTRAINT "lecture_views_credited_check" CHECK ("lecture_views"."credited_seconds" >= 0)
);
--> statement-breakpoint
DROP INDEX "refresh_tokens_family_idx";--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "option_seed" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "show_correct_answers" varchar(20) DEFAULT 'after_last_attempt' NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "questions_per_attempt" integer;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_views" ADD CONSTRAINT "lecture_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_views" ADD CONSTRAINT "lecture_views_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_live_family_idx" ON "refresh_tokens" USING btree ("family_id") WHERE "refresh_tokens"."revoked_at" IS NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_show_correct_answers_check" CHECK ("quizzes"."show_correct_answers" IN ('never', 'after_passing', 'after_last_attempt', 'always'));--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_questions_per_attempt_check" CHECK ("quizzes"."questions_per_attempt" >= 1);