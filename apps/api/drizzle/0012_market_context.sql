CREATE TABLE "competitor_rates" (
	"business_uuid" uuid NOT NULL,
	"competitor_uuid" uuid NOT NULL,
	"night" date NOT NULL,
	"category" text NOT NULL,
	"price_minor" integer,
	"sold_out" boolean DEFAULT false NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitor_rates_competitor_uuid_night_category_pk" PRIMARY KEY("competitor_uuid","night","category"),
	CONSTRAINT "competitor_rates_price_check" CHECK (("competitor_rates"."sold_out" and "competitor_rates"."price_minor" is null) or (not "competitor_rates"."sold_out" and "competitor_rates"."price_minor" > 0))
);
--> statement-breakpoint
CREATE TABLE "competitors" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"stars" integer,
	"room_mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"impact" text DEFAULT 'medium' NOT NULL,
	"adjustment_bp" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_dates_check" CHECK ("events"."start_date" <= "events"."end_date")
);
--> statement-breakpoint
CREATE TABLE "restriction_overrides" (
	"business_uuid" uuid NOT NULL,
	"room_type_uuid" uuid NOT NULL,
	"night" date NOT NULL,
	"min_stay" integer,
	"max_stay" integer,
	"closed_to_arrival" boolean,
	"closed_to_departure" boolean,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restriction_overrides_business_uuid_room_type_uuid_night_pk" PRIMARY KEY("business_uuid","room_type_uuid","night")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "sazonalities" ADD COLUMN "min_stay" integer;--> statement-breakpoint
ALTER TABLE "competitor_rates" ADD CONSTRAINT "competitor_rates_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_rates" ADD CONSTRAINT "competitor_rates_competitor_uuid_competitors_uuid_fk" FOREIGN KEY ("competitor_uuid") REFERENCES "public"."competitors"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction_overrides" ADD CONSTRAINT "restriction_overrides_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction_overrides" ADD CONSTRAINT "restriction_overrides_room_type_uuid_room_types_uuid_fk" FOREIGN KEY ("room_type_uuid") REFERENCES "public"."room_types"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction_overrides" ADD CONSTRAINT "restriction_overrides_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_rates_business_night_idx" ON "competitor_rates" USING btree ("business_uuid","night");--> statement-breakpoint
CREATE INDEX "competitors_business_idx" ON "competitors" USING btree ("business_uuid","name");--> statement-breakpoint
CREATE INDEX "events_business_idx" ON "events" USING btree ("business_uuid","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "events_external_uid_key" ON "events" USING btree ("business_uuid","external_uid") WHERE "events"."external_uid" is not null;