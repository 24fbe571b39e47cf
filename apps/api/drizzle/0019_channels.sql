CREATE TABLE "channel_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"connection_uuid" uuid NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"from_night" date,
	"to_night" date,
	"http_status" integer,
	"message" text,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "channel_calls_operation_check" CHECK ("channel_calls"."operation" in ('push', 'read_back', 'bookings', 'test', 'restore')),
	CONSTRAINT "channel_calls_outcome_check" CHECK ("channel_calls"."outcome" in ('ok', 'warnings', 'retrying', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "channel_connections" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"credentials" text NOT NULL,
	"credentials_hint" text NOT NULL,
	"mapping" jsonb DEFAULT '{"rooms":[],"rates":[]}'::jsonb NOT NULL,
	"status" text DEFAULT 'mapping' NOT NULL,
	"last_push_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_booking_at" timestamp with time zone,
	"last_error" text,
	"warnings" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_connections_provider_check" CHECK ("channel_connections"."provider" in ('channex', 'opentravel')),
	CONSTRAINT "channel_connections_status_check" CHECK ("channel_connections"."status" in ('mapping', 'active', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "channel_revisions" (
	"connection_uuid" uuid NOT NULL,
	"revision_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"status" text NOT NULL,
	"stored_at" timestamp with time zone NOT NULL,
	"acked_at" timestamp with time zone,
	CONSTRAINT "channel_revisions_connection_uuid_revision_id_pk" PRIMARY KEY("connection_uuid","revision_id")
);
--> statement-breakpoint
CREATE TABLE "channel_values" (
	"connection_uuid" uuid NOT NULL,
	"layer" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"night" date NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "channel_values_connection_uuid_layer_kind_key_night_pk" PRIMARY KEY("connection_uuid","layer","kind","key","night"),
	CONSTRAINT "channel_values_layer_check" CHECK ("channel_values"."layer" in ('sent', 'original')),
	CONSTRAINT "channel_values_kind_check" CHECK ("channel_values"."kind" in ('rate', 'availability'))
);
--> statement-breakpoint
ALTER TABLE "channel_calls" ADD CONSTRAINT "channel_calls_connection_uuid_channel_connections_uuid_fk" FOREIGN KEY ("connection_uuid") REFERENCES "public"."channel_connections"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_revisions" ADD CONSTRAINT "channel_revisions_connection_uuid_channel_connections_uuid_fk" FOREIGN KEY ("connection_uuid") REFERENCES "public"."channel_connections"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_values" ADD CONSTRAINT "channel_values_connection_uuid_channel_connections_uuid_fk" FOREIGN KEY ("connection_uuid") REFERENCES "public"."channel_connections"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_calls_connection_idx" ON "channel_calls" USING btree ("connection_uuid","id");--> statement-breakpoint
CREATE INDEX "channel_connections_business_idx" ON "channel_connections" USING btree ("business_uuid");