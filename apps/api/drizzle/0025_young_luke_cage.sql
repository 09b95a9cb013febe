CREATE TABLE "credential_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"handle" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issuer_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"kid" varchar(64) NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "suspend_reason" text;--> statement-breakpoint
ALTER TABLE "credential_profiles" ADD CONSTRAINT "credential_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_profiles_handle_unique" ON "credential_profiles" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "issuer_keys_kid_unique" ON "issuer_keys" USING btree ("kid");