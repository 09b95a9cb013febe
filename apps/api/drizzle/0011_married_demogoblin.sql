CREATE TABLE "privacy_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"via" varchar(8) DEFAULT 'self' NOT NULL,
	"requested_by" integer,
	"reason" text,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"file_key" text,
	"file_bytes" integer,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_exports_status_check" CHECK ("privacy_exports"."status" IN ('pending', 'ready', 'failed', 'expired')),
	CONSTRAINT "privacy_exports_via_check" CHECK ("privacy_exports"."via" IN ('self', 'desk'))
);
--> statement-breakpoint
CREATE TABLE "ticket_subject_routes" (
	"subject_id" integer PRIMARY KEY NOT NULL,
	"routing" varchar(10) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_subject_routes_routing_check" CHECK ("ticket_subject_routes"."routing" IN ('privacy', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_subject_routes" ADD CONSTRAINT "ticket_subject_routes_subject_id_ticket_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."ticket_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_exports_user_idx" ON "privacy_exports" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "privacy_exports_status_idx" ON "privacy_exports" USING btree ("status","id" DESC NULLS LAST);