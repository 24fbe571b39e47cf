ALTER TABLE "room_types" ADD COLUMN "standard_guests" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "max_guests" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "guest_pricing" text DEFAULT 'per_room' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "extra_guest_type" text;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "extra_guest_value" integer;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "missing_guest_type" text;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "missing_guest_value" integer;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_guests_check" CHECK (1 <= "room_types"."standard_guests" and "room_types"."standard_guests" <= "room_types"."max_guests" and "room_types"."max_guests" <= 20 and "room_types"."guest_pricing" in ('per_room', 'per_person'));--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_guest_adjustments_check" CHECK (("room_types"."extra_guest_type" is null) = ("room_types"."extra_guest_value" is null) and ("room_types"."missing_guest_type" is null) = ("room_types"."missing_guest_value" is null) and coalesce("room_types"."extra_guest_type", 'amount') in ('percent', 'amount') and coalesce("room_types"."missing_guest_type", 'amount') in ('percent', 'amount') and coalesce("room_types"."extra_guest_value", 0) >= 0 and coalesce("room_types"."missing_guest_value", 0) >= 0);