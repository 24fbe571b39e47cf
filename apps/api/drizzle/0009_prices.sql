CREATE TABLE "price_overrides" (
	"business_uuid" uuid NOT NULL,
	"room_type_uuid" uuid NOT NULL,
	"night" date NOT NULL,
	"price_minor" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_overrides_business_uuid_room_type_uuid_night_pk" PRIMARY KEY("business_uuid","room_type_uuid","night"),
	CONSTRAINT "price_overrides_price_check" CHECK ("price_overrides"."price_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "price_overrides" ADD CONSTRAINT "price_overrides_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_overrides" ADD CONSTRAINT "price_overrides_room_type_uuid_room_types_uuid_fk" FOREIGN KEY ("room_type_uuid") REFERENCES "public"."room_types"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_overrides" ADD CONSTRAINT "price_overrides_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;