CREATE TABLE "learning_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "learning_days_seconds_check" CHECK ("learning_days"."seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "learning_goals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"weekly_minutes" integer,
	"reminder_after_days" smallint,
	"weekly_progress_mail" boolean DEFAULT false NOT NULL,
	"reminder_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"period" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_mails_kind_check" CHECK ("learning_mails"."kind" IN ('reminder', 'weekly'))
);
--> statement-breakpoint
ALTER TABLE "learning_days" ADD CONSTRAINT "learning_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_goals" ADD CONSTRAINT "learning_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_mails" ADD CONSTRAINT "learning_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_goals_reminder_idx" ON "learning_goals" USING btree ("user_id") WHERE "learning_goals"."reminder_after_days" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "learning_goals_weekly_idx" ON "learning_goals" USING btree ("user_id") WHERE "learning_goals"."weekly_progress_mail";--> statement-breakpoint
CREATE UNIQUE INDEX "learning_mails_period_unique" ON "learning_mails" USING btree ("user_id","kind","period");