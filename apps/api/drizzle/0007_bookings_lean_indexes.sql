DROP INDEX "bookings_room_type_idx";--> statement-breakpoint
DROP INDEX "bookings_business_external_id_key";--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_business_external_id_key" ON "bookings" USING btree ("business_uuid","external_id") WHERE "bookings"."external_id" is not null;