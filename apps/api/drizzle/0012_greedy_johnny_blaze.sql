DROP INDEX "creation_requests_status_idx";--> statement-breakpoint
DROP INDEX "creation_requests_requester_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "external_login_issues_status_idx";--> statement-breakpoint
DROP INDEX "courses_enrolment_count_idx";--> statement-breakpoint
DROP INDEX "certificates_issued_idx";--> statement-breakpoint
DROP INDEX "credit_ledger_user_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "payments_created_idx";--> statement-breakpoint
DROP INDEX "refunds_created_idx";--> statement-breakpoint
DROP INDEX "sponsorships_recipient_idx";--> statement-breakpoint
DROP INDEX "sponsorships_sponsor_idx";--> statement-breakpoint
DROP INDEX "sponsorships_status_idx";--> statement-breakpoint
DROP INDEX "enrolments_user_activity_idx";--> statement-breakpoint
DROP INDEX "lecture_questions_status_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "privacy_exports_user_idx";--> statement-breakpoint
DROP INDEX "privacy_exports_status_idx";--> statement-breakpoint
DROP INDEX "access_audit_log_learner_idx";--> statement-breakpoint
DROP INDEX "access_audit_log_created_idx";--> statement-breakpoint
DROP INDEX "quiz_attempts_user_quiz_idx";--> statement-breakpoint
DROP INDEX "products_status_idx";--> statement-breakpoint
DROP INDEX "products_sold_idx";--> statement-breakpoint
DROP INDEX "shipments_status_idx";--> statement-breakpoint
DROP INDEX "stock_movements_binding_idx";--> statement-breakpoint
DROP INDEX "stock_requests_status_idx";--> statement-breakpoint
DROP INDEX "tickets_user_idx";--> statement-breakpoint
DROP INDEX "tickets_status_idx";--> statement-breakpoint
DROP INDEX "tickets_claimed_by_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_modal_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS FIRST) WHERE "notifications"."read_at" IS NULL AND "notifications"."modal_read_at" IS NULL AND "notifications"."global_notification_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "creation_requests_status_idx" ON "creation_requests" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creation_requests_requester_idx" ON "creation_requests" USING btree ("requested_by_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "external_login_issues_status_idx" ON "external_login_issues" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_enrolment_count_idx" ON "courses" USING btree ("enrolment_count" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "certificates_issued_idx" ON "certificates" USING btree ("issued_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sponsorships_recipient_idx" ON "sponsorships" USING btree ("recipient_user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sponsorships_sponsor_idx" ON "sponsorships" USING btree ("sponsor_user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sponsorships_status_idx" ON "sponsorships" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enrolments_user_activity_idx" ON "enrolments" USING btree ("user_id","last_activity_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lecture_questions_status_idx" ON "lecture_questions" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "privacy_exports_user_idx" ON "privacy_exports" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "privacy_exports_status_idx" ON "privacy_exports" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_audit_log_learner_idx" ON "access_audit_log" USING btree ("learner_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_audit_log_created_idx" ON "access_audit_log" USING btree ("id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_quiz_idx" ON "quiz_attempts" USING btree ("user_id","quiz_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("sold_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","order_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movements_binding_idx" ON "stock_movements" USING btree ("product_binding_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_requests_status_idx" ON "stock_requests" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_claimed_by_idx" ON "tickets" USING btree ("claimed_by","id" DESC NULLS FIRST);