CREATE TABLE "autopilot_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "autopilot_suggestions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_uuid" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" uuid,
	"today" date,
	"config_version" integer,
	"fingerprint" text,
	"result" jsonb,
	"failure" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"applied_by" uuid,
	"applied_changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopilot_suggestions_status_check" CHECK ("autopilot_suggestions"."status" in ('queued', 'running', 'ready', 'unsure', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "autopilot_suggestions" ADD CONSTRAINT "autopilot_suggestions_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_suggestions" ADD CONSTRAINT "autopilot_suggestions_requested_by_users_uuid_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_suggestions" ADD CONSTRAINT "autopilot_suggestions_applied_by_users_uuid_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autopilot_suggestions_business_idx" ON "autopilot_suggestions" USING btree ("business_uuid","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "autopilot_suggestions_open_key" ON "autopilot_suggestions" USING btree ("business_uuid") WHERE "autopilot_suggestions"."status" in ('queued', 'running');