CREATE TABLE "admin_group_members" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_group_members_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "creation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"requested_by_id" integer,
	"target_group_id" integer,
	"target_user_id" integer,
	"payload" jsonb NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"reason" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creation_requests_kind_check" CHECK ("creation_requests"."kind" IN ('administrator_create', 'group_grant', 'administrator_groups')),
	CONSTRAINT "creation_requests_status_check" CHECK ("creation_requests"."status" IN ('pending', 'approved', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "permission_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" varchar(500),
	"permissions" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_group_members" ADD CONSTRAINT "admin_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_group_members" ADD CONSTRAINT "admin_group_members_group_id_permission_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."permission_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creation_requests" ADD CONSTRAINT "creation_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creation_requests" ADD CONSTRAINT "creation_requests_target_group_id_permission_groups_id_fk" FOREIGN KEY ("target_group_id") REFERENCES "public"."permission_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creation_requests" ADD CONSTRAINT "creation_requests_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creation_requests" ADD CONSTRAINT "creation_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD CONSTRAINT "permission_groups_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_group_members_group_idx" ON "admin_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "creation_requests_status_idx" ON "creation_requests" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creation_requests_requester_idx" ON "creation_requests" USING btree ("requested_by_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "permission_groups_name_idx" ON "permission_groups" USING btree (lower("name"));