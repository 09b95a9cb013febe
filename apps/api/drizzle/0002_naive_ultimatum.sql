CREATE TABLE "advertisement_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(60) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(500),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adverts" (
	"id" serial PRIMARY KEY NOT NULL,
	"block_id" integer NOT NULL,
	"title_en" varchar(120) NOT NULL,
	"title_es" varchar(120) NOT NULL,
	"image_key" text,
	"image_mime" varchar(40),
	"link_url" varchar(500),
	"starts_on" date NOT NULL,
	"ends_on" date,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adverts_range_check" CHECK ("adverts"."ends_on" IS NULL OR "adverts"."ends_on" >= "adverts"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" varchar(10) NOT NULL,
	"country" varchar(2),
	"title_en" varchar(150) NOT NULL,
	"title_es" varchar(150) NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"website_url" varchar(500),
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_scope_check" CHECK ("events"."scope" IN ('national', 'global')),
	CONSTRAINT "events_country_check" CHECK (("events"."scope" = 'national' AND "events"."country" IS NOT NULL) OR ("events"."scope" = 'global' AND "events"."country" IS NULL)),
	CONSTRAINT "events_range_check" CHECK ("events"."ends_at" >= "events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "faq_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"name_es" varchar(100) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"question_en" varchar(300) NOT NULL,
	"question_es" varchar(300) NOT NULL,
	"answer_en" text NOT NULL,
	"answer_es" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"message_id" integer,
	"storage_key" text NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"mime_type" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_attachments_size_check" CHECK ("ticket_attachments"."size" BETWEEN 1 AND 512000)
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_id" integer,
	"author_kind" varchar(10) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_messages_author_kind_check" CHECK ("ticket_messages"."author_kind" IN ('requester', 'staff')),
	CONSTRAINT "ticket_messages_body_check" CHECK (char_length("ticket_messages"."body") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
CREATE TABLE "ticket_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" varchar(80) NOT NULL,
	"title_es" varchar(80) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"guest_email" varchar(254),
	"guest_token_hash" varchar(64),
	"guest_token_salt" varchar(32),
	"language_id" smallint DEFAULT 1 NOT NULL,
	"subject_id" integer,
	"description" text NOT NULL,
	"status" varchar(12) DEFAULT 'unclaimed' NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"course_id" integer,
	"lecture_id" integer,
	"video_time" integer,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" IN ('unclaimed', 'in_progress', 'resolved')),
	CONSTRAINT "tickets_requester_check" CHECK (("tickets"."user_id" IS NOT NULL AND "tickets"."guest_email" IS NULL) OR ("tickets"."user_id" IS NULL AND "tickets"."guest_email" IS NOT NULL AND "tickets"."guest_token_hash" IS NOT NULL)),
	CONSTRAINT "tickets_description_check" CHECK (char_length("tickets"."description") BETWEEN 1 AND 2000),
	CONSTRAINT "tickets_video_time_check" CHECK ("tickets"."video_time" IS NULL OR "tickets"."video_time" >= 0)
);
--> statement-breakpoint
ALTER TABLE "adverts" ADD CONSTRAINT "adverts_block_id_advertisement_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."advertisement_blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD CONSTRAINT "faq_entries_category_id_faq_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."faq_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_message_id_ticket_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."ticket_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_subject_id_ticket_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."ticket_subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advertisement_blocks_key_unique" ON "advertisement_blocks" USING btree ("key");--> statement-breakpoint
CREATE INDEX "adverts_block_idx" ON "adverts" USING btree ("block_id","position");--> statement-breakpoint
CREATE INDEX "events_range_idx" ON "events" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "faq_entries_category_idx" ON "faq_entries" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_claimed_by_idx" ON "tickets" USING btree ("claimed_by","id" DESC NULLS LAST);