ALTER TABLE "bookings" ADD COLUMN "rate_plan_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "board" text DEFAULT 'RO' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "rate_plan_code" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "board" text DEFAULT 'RO' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_board_check" CHECK ("bookings"."board" in ('RO', 'BB', 'HB', 'FB'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancellation_policy_check" CHECK ("bookings"."cancellation_policy" in ('flexible', 'refundable_deposit', 'non_refundable'));