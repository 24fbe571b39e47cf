CREATE TABLE "autopilot_policies" (
	"business_uuid" uuid PRIMARY KEY NOT NULL,
	"auto_apply" boolean NOT NULL,
	"max_move_bp" integer NOT NULL,
	"min_confidence" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopilot_policies_confidence_check" CHECK ("autopilot_policies"."min_confidence" in ('high', 'medium')),
	CONSTRAINT "autopilot_policies_move_check" CHECK ("autopilot_policies"."max_move_bp" between 100 and 5000)
);
--> statement-breakpoint
ALTER TABLE "autopilot_suggestions" ADD COLUMN "origin" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "autopilot_suggestions" ADD COLUMN "held" text;--> statement-breakpoint
ALTER TABLE "autopilot_policies" ADD CONSTRAINT "autopilot_policies_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_policies" ADD CONSTRAINT "autopilot_policies_updated_by_users_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_suggestions" ADD CONSTRAINT "autopilot_suggestions_origin_check" CHECK ("autopilot_suggestions"."origin" in ('owner', 'auto'));