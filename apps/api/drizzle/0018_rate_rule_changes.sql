CREATE TABLE "rate_rule_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"rules" jsonb NOT NULL,
	"before_rules" jsonb,
	"room_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"nights" integer DEFAULT 0 NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"published_at" timestamp with time zone,
	"unsent" boolean DEFAULT false NOT NULL,
	"sent_night" date,
	"sent_room_uuid" uuid,
	"delivery_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_rule_changes_status_check" CHECK ("rate_rule_changes"."status" in ('pending', 'approved', 'published', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "rate_rule_changes" ADD CONSTRAINT "rate_rule_changes_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_rule_changes" ADD CONSTRAINT "rate_rule_changes_decided_by_users_uuid_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_rule_changes_business_idx" ON "rate_rule_changes" USING btree ("business_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_rule_changes_pending_key" ON "rate_rule_changes" USING btree ("business_uuid") WHERE "rate_rule_changes"."status" = 'pending';