CREATE TABLE "class_courses" (
	"class_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"enrolled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_courses_class_id_course_id_pk" PRIMARY KEY("class_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "class_members" (
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_members_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "external_login_issue_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"admin_id" integer,
	"admin_username" varchar(64),
	"kind" varchar(20) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_login_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"full_name" varchar(120) NOT NULL,
	"account_identifier" varchar(254) NOT NULL,
	"contact_email" varchar(254) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"description" text NOT NULL,
	"language_id" smallint DEFAULT 1 NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"assigned_to" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_login_issues_status_check" CHECK ("external_login_issues"."status" IN ('open', 'in_progress', 'resolved', 'rejected')),
	CONSTRAINT "external_login_issues_reason_check" CHECK ("external_login_issues"."reason" IN ('lost_phone', 'changed_email', 'forgot_username', 'other'))
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"country" varchar(2),
	"city" varchar(100),
	"contact_email" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_kind_check" CHECK ("institutions"."kind" IN ('school', 'company', 'other'))
);
--> statement-breakpoint
CREATE TABLE "learner_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_class_id_learner_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."learner_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_class_id_learner_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."learner_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_login_issue_actions" ADD CONSTRAINT "external_login_issue_actions_issue_id_external_login_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."external_login_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_login_issue_actions" ADD CONSTRAINT "external_login_issue_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_login_issues" ADD CONSTRAINT "external_login_issues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_login_issues" ADD CONSTRAINT "external_login_issues_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_classes" ADD CONSTRAINT "learner_classes_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_members_user_idx" ON "class_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "external_login_issue_actions_issue_idx" ON "external_login_issue_actions" USING btree ("issue_id","id");--> statement-breakpoint
CREATE INDEX "external_login_issues_status_idx" ON "external_login_issues" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "institutions_name_idx" ON "institutions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "learner_classes_institution_idx" ON "learner_classes" USING btree ("institution_id");