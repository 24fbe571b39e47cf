CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_uuid" uuid NOT NULL,
	"actor_uuid" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"entity_name" text,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"timezone" text DEFAULT 'Europe/Lisbon' NOT NULL,
	"country" text,
	"city" text,
	"address" text,
	"phone" text,
	"email" text,
	"website" text,
	"check_in_time" text DEFAULT '15:00' NOT NULL,
	"check_out_time" text DEFAULT '11:00' NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fluctuation_groups" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"room_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"levels" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"rooms" integer NOT NULL,
	"base_price_minor" integer NOT NULL,
	"min_price_minor" integer NOT NULL,
	"max_price_minor" integer NOT NULL,
	"derived_from_uuid" uuid,
	"derived_type" text,
	"derived_value" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_types_rooms_check" CHECK ("room_types"."rooms" between 1 and 10000),
	CONSTRAINT "room_types_prices_check" CHECK (0 < "room_types"."min_price_minor" and "room_types"."min_price_minor" <= "room_types"."base_price_minor" and "room_types"."base_price_minor" <= "room_types"."max_price_minor"),
	CONSTRAINT "room_types_derived_check" CHECK (("room_types"."derived_from_uuid" is null and "room_types"."derived_type" is null and "room_types"."derived_value" is null) or ("room_types"."derived_from_uuid" is not null and "room_types"."derived_type" in ('percent', 'amount') and "room_types"."derived_value" is not null))
);
--> statement-breakpoint
CREATE TABLE "sazonalities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"weekdays" text[] DEFAULT '{}'::text[] NOT NULL,
	"room_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"adjustment_type" text NOT NULL,
	"value" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sazonalities_dates_check" CHECK ("sazonalities"."start_date" <= "sazonalities"."end_date")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_uuid_users_uuid_fk" FOREIGN KEY ("actor_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_uuid_users_uuid_fk" FOREIGN KEY ("owner_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fluctuation_groups" ADD CONSTRAINT "fluctuation_groups_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_derived_from_uuid_room_types_uuid_fk" FOREIGN KEY ("derived_from_uuid") REFERENCES "public"."room_types"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sazonalities" ADD CONSTRAINT "sazonalities_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_business_idx" ON "audit_events" USING btree ("business_uuid","seq");--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_uuid","updated_at");--> statement-breakpoint
CREATE INDEX "fluctuation_groups_business_idx" ON "fluctuation_groups" USING btree ("business_uuid","created_at");--> statement-breakpoint
CREATE INDEX "room_types_business_idx" ON "room_types" USING btree ("business_uuid","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "room_types_business_code_key" ON "room_types" USING btree ("business_uuid","code") WHERE "room_types"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sazonalities_business_idx" ON "sazonalities" USING btree ("business_uuid","start_date");