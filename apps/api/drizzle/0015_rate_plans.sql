CREATE TABLE "rate_plans" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"derived_from_uuid" uuid,
	"adjustment_type" text DEFAULT 'percent' NOT NULL,
	"adjustment_value" integer DEFAULT 0 NOT NULL,
	"board" text DEFAULT 'RO' NOT NULL,
	"board_price_per_guest_minor" integer DEFAULT 0 NOT NULL,
	"cancellation_policy" text DEFAULT 'flexible' NOT NULL,
	"room_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"min_price_minor" integer,
	"max_price_minor" integer,
	"min_stay" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_plans_adjustment_check" CHECK ("rate_plans"."adjustment_type" in ('percent', 'amount')),
	CONSTRAINT "rate_plans_board_check" CHECK ("rate_plans"."board" in ('RO', 'BB', 'HB', 'FB')),
	CONSTRAINT "rate_plans_cancellation_check" CHECK ("rate_plans"."cancellation_policy" in ('flexible', 'refundable_deposit', 'non_refundable')),
	CONSTRAINT "rate_plans_bounds_check" CHECK ("rate_plans"."min_price_minor" is null or "rate_plans"."max_price_minor" is null or "rate_plans"."min_price_minor" <= "rate_plans"."max_price_minor")
);
--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_derived_from_uuid_rate_plans_uuid_fk" FOREIGN KEY ("derived_from_uuid") REFERENCES "public"."rate_plans"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_plans_business_idx" ON "rate_plans" USING btree ("business_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plans_business_code_key" ON "rate_plans" USING btree ("business_uuid","code");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plans_one_base_key" ON "rate_plans" USING btree ("business_uuid") WHERE "rate_plans"."derived_from_uuid" is null;--> statement-breakpoint
-- Every property has its base rate plan (the engine's price), named in its owner's language.
INSERT INTO "rate_plans" ("business_uuid", "name", "code")
SELECT b."uuid",
  CASE u."language"
    WHEN 'en' THEN 'Best available rate'
    WHEN 'fr' THEN 'Meilleur tarif disponible'
    WHEN 'ar' THEN 'أفضل سعر متاح'
    ELSE 'Melhor tarifa disponível'
  END,
  'BAR'
FROM "businesses" b JOIN "users" u ON u."uuid" = b."owner_uuid";
