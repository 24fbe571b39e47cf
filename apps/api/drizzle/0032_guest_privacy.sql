CREATE TABLE "guest_privacy_settings" (
	"business_uuid" uuid PRIMARY KEY NOT NULL,
	"retention_months" integer DEFAULT 24 NOT NULL,
	"keep_guest_names" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_privacy_settings_retention_months_check" CHECK ("guest_privacy_settings"."retention_months" in (6, 12, 24, 36, 60))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_privacy_settings" ADD CONSTRAINT "guest_privacy_settings_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_privacy_settings" ADD CONSTRAINT "guest_privacy_settings_updated_by_users_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;