ALTER TABLE "salary_scale_applications" ADD COLUMN "review_status" varchar(12) DEFAULT 'declared' NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_scale_applications" ADD COLUMN "review_reason" varchar(300);--> statement-breakpoint
ALTER TABLE "salary_scale_applications" ADD COLUMN "reviewed_by_id" integer;--> statement-breakpoint
ALTER TABLE "salary_scale_applications" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "salary_scales" ADD COLUMN "effective_from" date DEFAULT CURRENT_DATE NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_scales" ADD COLUMN "effective_until" date;--> statement-breakpoint
ALTER TABLE "advertisement_blocks" ADD COLUMN "placement" varchar(40) DEFAULT 'dashboard_sidebar' NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_scale_applications" ADD CONSTRAINT "salary_scale_applications_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salary_scale_applications_review_idx" ON "salary_scale_applications" USING btree ("review_status","declared_at");--> statement-breakpoint
CREATE INDEX "advertisement_blocks_placement_idx" ON "advertisement_blocks" USING btree ("placement");--> statement-breakpoint
ALTER TABLE "salary_scale_applications" ADD CONSTRAINT "salary_scale_applications_review_check" CHECK ("salary_scale_applications"."review_status" IN ('declared', 'confirmed', 'rejected'));--> statement-breakpoint
ALTER TABLE "salary_scales" ADD CONSTRAINT "salary_scales_effective_check" CHECK ("salary_scales"."effective_until" IS NULL OR "salary_scales"."effective_until" >= "salary_scales"."effective_from");--> statement-breakpoint
ALTER TABLE "advertisement_blocks" ADD CONSTRAINT "advertisement_blocks_placement_check" CHECK ("advertisement_blocks"."placement" IN ('dashboard_sidebar', 'course_list_top', 'title_page', 'shop_top'));--> statement-breakpoint
-- Blocks made before placements existed: a block whose key names a placement shows there.
UPDATE "advertisement_blocks" SET "placement" = "key" WHERE "key" IN ('dashboard_sidebar', 'course_list_top', 'title_page', 'shop_top');--> statement-breakpoint
-- Scales made before effective dates existed have applied since they were made.
UPDATE "salary_scales" SET "effective_from" = ("created_at" AT TIME ZONE 'UTC')::date;
