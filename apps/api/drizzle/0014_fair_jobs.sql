ALTER TABLE "jobs" ADD COLUMN "business_uuid" uuid;--> statement-breakpoint
CREATE INDEX "jobs_running_business_idx" ON "jobs" USING btree ("business_uuid","type") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_business_served_idx" ON "jobs" USING btree ("business_uuid","type","updated_at") WHERE "jobs"."business_uuid" is not null;--> statement-breakpoint
-- Jobs already waiting keep their business: those whose payload names it.
UPDATE "jobs" SET "business_uuid" = ("payload"->>'businessUuid')::uuid WHERE "status" IN ('queued', 'running') AND "payload" ? 'businessUuid';
