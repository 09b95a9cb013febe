CREATE TABLE "exam_pass_effects" (
	"user_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"score_percent" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_pass_effects_user_id_quiz_id_pk" PRIMARY KEY("user_id","quiz_id")
);
--> statement-breakpoint
ALTER TABLE "exam_pass_effects" ADD CONSTRAINT "exam_pass_effects_user_id_quiz_id_exam_passes_user_id_quiz_id_fk" FOREIGN KEY ("user_id","quiz_id") REFERENCES "public"."exam_passes"("user_id","quiz_id") ON DELETE cascade ON UPDATE no action;