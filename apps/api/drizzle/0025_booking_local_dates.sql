ALTER TABLE "bookings" ADD COLUMN "booked_on" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_on" date;--> statement-breakpoint
-- The bookings stored before: their instants as dates of their business's time zone, as every
-- write sets them from now on (core/booking-dates.ts).
UPDATE "bookings" b
SET "booked_on" = (b."booked_at" AT TIME ZONE bz."timezone")::date,
  "cancelled_on" = (b."cancelled_at" AT TIME ZONE bz."timezone")::date
FROM "businesses" bz
WHERE bz."uuid" = b."business_uuid";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "booked_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_on_check" CHECK (("bookings"."cancelled_on" is null) = ("bookings"."cancelled_at" is null));
