CREATE TABLE "canned_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"language_id" smallint NOT NULL,
	"title" varchar(80) NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canned_replies_body_check" CHECK (char_length("canned_replies"."body") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
CREATE TABLE "ticket_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_notes_body_check" CHECK (char_length("ticket_notes"."body") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
CREATE TABLE "learner_accommodations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"time_factor_percent" smallint DEFAULT 100 NOT NULL,
	"practice_untimed" boolean DEFAULT false NOT NULL,
	"granted_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_accommodations_factor_check" CHECK ("learner_accommodations"."time_factor_percent" IN (100, 125, 150, 200))
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "timed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "extensions_used" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "timed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "priority" varchar(8) DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_accommodations" ADD CONSTRAINT "learner_accommodations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_accommodations" ADD CONSTRAINT "learner_accommodations_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canned_replies_language_idx" ON "canned_replies" USING btree ("language_id","title");--> statement-breakpoint
CREATE INDEX "ticket_notes_ticket_idx" ON "ticket_notes" USING btree ("ticket_id","id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_merged_into_id_tickets_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_tags_idx" ON "tickets" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_extensions_check" CHECK ("quiz_attempts"."extensions_used" >= 0);--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_timed_check" CHECK ("quizzes"."timed" OR "quizzes"."kind" = 'lecture');--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_priority_check" CHECK ("tickets"."priority" IN ('low', 'normal', 'high', 'urgent'));