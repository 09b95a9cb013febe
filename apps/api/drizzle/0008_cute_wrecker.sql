CREATE TABLE "product_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"binding" varchar(12) NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_bindings_stock_check" CHECK ("product_bindings"."stock" >= 0),
	CONSTRAINT "product_bindings_discount_check" CHECK ("product_bindings"."discount_pence" >= 0),
	CONSTRAINT "product_bindings_binding_check" CHECK ("product_bindings"."binding" IN ('paperback', 'hardcover', 'spiral'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"title_en" varchar(200) NOT NULL,
	"title_es" varchar(200) NOT NULL,
	"authors" varchar(300) NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"isbn" varchar(17),
	"pages" integer,
	"image_key" varchar(200),
	"image_version" integer DEFAULT 0 NOT NULL,
	"cover_color" varchar(7) DEFAULT '#2563eb' NOT NULL,
	"category_id" integer,
	"distributor_id" integer,
	"price_pence" integer DEFAULT 0 NOT NULL,
	"notes_offer_id" integer,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_kind_check" CHECK ("products"."kind" IN ('printed_book', 'ebook', 'enotes')),
	CONSTRAINT "products_status_check" CHECK ("products"."status" IN ('draft', 'published', 'archived')),
	CONSTRAINT "products_price_check" CHECK ("products"."price_pence" >= 0),
	CONSTRAINT "products_sold_check" CHECK ("products"."sold_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer,
	"status" varchar(12) DEFAULT 'paid' NOT NULL,
	"carrier" varchar(60),
	"tracking_reference" varchar(60),
	"packed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" IN ('paid', 'packed', 'shipped', 'delivered', 'refunded')),
	CONSTRAINT "shipments_tracking_check" CHECK ("shipments"."status" NOT IN ('shipped', 'delivered') OR "shipments"."tracking_reference" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "shop_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" varchar(80) NOT NULL,
	"name_es" varchar(80) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_distributors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"contact_name" varchar(120),
	"email" varchar(254),
	"phone" varchar(20),
	"country" varchar(2),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_binding_id" integer NOT NULL,
	"change" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" varchar(12) NOT NULL,
	"order_id" integer,
	"stock_request_id" integer,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_binding_id" integer NOT NULL,
	"distributor_id" integer,
	"quantity" integer NOT NULL,
	"received_quantity" integer,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"note" varchar(500),
	"requested_by" integer,
	"received_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "stock_requests_quantity_check" CHECK ("stock_requests"."quantity" > 0 AND "stock_requests"."quantity" <= 10000),
	CONSTRAINT "stock_requests_status_check" CHECK ("stock_requests"."status" IN ('requested', 'received', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "product_bindings" ADD CONSTRAINT "product_bindings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_shop_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_distributor_id_shop_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."shop_distributors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_notes_offer_id_notes_offers_id_fk" FOREIGN KEY ("notes_offer_id") REFERENCES "public"."notes_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_binding_id_product_bindings_id_fk" FOREIGN KEY ("product_binding_id") REFERENCES "public"."product_bindings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_product_binding_id_product_bindings_id_fk" FOREIGN KEY ("product_binding_id") REFERENCES "public"."product_bindings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_distributor_id_shop_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."shop_distributors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_bindings_unique" ON "product_bindings" USING btree ("product_id","binding");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("sold_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","order_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_categories_position_idx" ON "shop_categories" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "stock_movements_binding_idx" ON "stock_movements" USING btree ("product_binding_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_requests_status_idx" ON "stock_requests" USING btree ("status","id" DESC NULLS LAST);