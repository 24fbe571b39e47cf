DROP INDEX "jobs_business_served_idx";--> statement-breakpoint
CREATE INDEX "jobs_business_served_idx" ON "jobs" USING btree ("business_uuid","updated_at") WHERE "jobs"."business_uuid" is not null;