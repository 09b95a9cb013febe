CREATE TABLE "lecture_question_follows" (
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_question_follows_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lecture_question_votes" (
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_question_votes_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lecture_answers" ADD COLUMN "is_staff" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lecture_questions" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lecture_questions" ADD COLUMN "votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lecture_questions" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lecture_question_follows" ADD CONSTRAINT "lecture_question_follows_question_id_lecture_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."lecture_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_question_follows" ADD CONSTRAINT "lecture_question_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_question_votes" ADD CONSTRAINT "lecture_question_votes_question_id_lecture_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."lecture_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_question_votes" ADD CONSTRAINT "lecture_question_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_questions_public_lecture_idx" ON "lecture_questions" USING btree ("lecture_id","id" DESC NULLS LAST) WHERE "lecture_questions"."is_public";