CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"room_type_uuid" uuid NOT NULL,
	"external_id" text,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"nights" integer GENERATED ALWAYS AS ("departure" - "arrival") STORED NOT NULL,
	"rooms" integer DEFAULT 1 NOT NULL,
	"adults" integer DEFAULT 2 NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"total_amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"channel" text,
	"segment" text,
	"country" text,
	"guest_name" text,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_dates_check" CHECK ("bookings"."departure" > "bookings"."arrival"),
	CONSTRAINT "bookings_counts_check" CHECK ("bookings"."rooms" >= 1 and "bookings"."adults" >= 0 and "bookings"."children" >= 0 and "bookings"."total_amount_minor" >= 0),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'cancelled', 'no_show')),
	CONSTRAINT "bookings_cancelled_check" CHECK (("bookings"."status" = 'cancelled') = ("bookings"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"room_code" text NOT NULL,
	"external_id" text,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"rooms" integer NOT NULL,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"status" text NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"total_amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"channel" text,
	"segment" text,
	"country" text,
	"guest_name" text,
	CONSTRAINT "import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_uuid" uuid NOT NULL,
	"created_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"format" text NOT NULL,
	"mode" text NOT NULL,
	"hotel" text,
	"create_missing_rooms" boolean DEFAULT false NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_path" text NOT NULL,
	"total" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_rooms" text[] DEFAULT '{}'::text[] NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" jsonb,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_type_uuid_room_types_uuid_fk" FOREIGN KEY ("room_type_uuid") REFERENCES "public"."room_types"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_business_idx" ON "api_tokens" USING btree ("business_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_business_external_id_key" ON "bookings" USING btree ("business_uuid","external_id");--> statement-breakpoint
CREATE INDEX "bookings_stay_idx" ON "bookings" USING btree ("business_uuid","arrival","departure");--> statement-breakpoint
CREATE INDEX "bookings_booked_idx" ON "bookings" USING btree ("business_uuid","booked_at");--> statement-breakpoint
CREATE INDEX "bookings_room_type_idx" ON "bookings" USING btree ("room_type_uuid");--> statement-breakpoint
CREATE INDEX "imports_business_idx" ON "imports" USING btree ("business_uuid","created_at");--> statement-breakpoint
CREATE INDEX "imports_queued_idx" ON "imports" USING btree ("created_at") WHERE "imports"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "imports_running_idx" ON "imports" USING btree ("lease_expires_at") WHERE "imports"."status" = 'running';