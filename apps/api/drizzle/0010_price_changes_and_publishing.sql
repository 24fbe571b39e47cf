CREATE TABLE "price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"room_type_uuid" uuid NOT NULL,
	"night" date NOT NULL,
	"old_price_minor" integer,
	"new_price_minor" integer NOT NULL,
	"base_price_minor" integer NOT NULL,
	"breakdown" jsonb NOT NULL,
	"reason" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"published_at" timestamp with time zone,
	"delivery_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_changes_status_check" CHECK ("price_changes"."status" in ('pending', 'approved', 'rejected', 'published', 'superseded')),
	CONSTRAINT "price_changes_price_check" CHECK ("price_changes"."new_price_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "published_prices" (
	"business_uuid" uuid NOT NULL,
	"room_type_uuid" uuid NOT NULL,
	"night" date NOT NULL,
	"price_minor" integer NOT NULL,
	"change_id" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_prices_business_uuid_room_type_uuid_night_pk" PRIMARY KEY("business_uuid","room_type_uuid","night")
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"http_status" integer,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"prices" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed')),
	CONSTRAINT "webhook_deliveries_kind_check" CHECK ("webhook_deliveries"."kind" in ('prices', 'test'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"business_uuid" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "scopes" text[] DEFAULT '{bookings,prices}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_room_type_uuid_room_types_uuid_fk" FOREIGN KEY ("room_type_uuid") REFERENCES "public"."room_types"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_decided_by_users_uuid_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_prices" ADD CONSTRAINT "published_prices_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_prices" ADD CONSTRAINT "published_prices_room_type_uuid_room_types_uuid_fk" FOREIGN KEY ("room_type_uuid") REFERENCES "public"."room_types"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_prices" ADD CONSTRAINT "published_prices_change_id_price_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."price_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_changes_open_key" ON "price_changes" USING btree ("business_uuid","room_type_uuid","night") WHERE "price_changes"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "price_changes_business_night_idx" ON "price_changes" USING btree ("business_uuid","night","room_type_uuid");--> statement-breakpoint
CREATE INDEX "price_changes_cell_idx" ON "price_changes" USING btree ("business_uuid","room_type_uuid","night","created_at");--> statement-breakpoint
CREATE INDEX "price_changes_updated_idx" ON "price_changes" USING btree ("business_uuid","updated_at");--> statement-breakpoint
CREATE INDEX "price_changes_delivery_idx" ON "price_changes" USING btree ("delivery_id") WHERE "price_changes"."delivery_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_business_idx" ON "webhook_deliveries" USING btree ("business_uuid","created_at");