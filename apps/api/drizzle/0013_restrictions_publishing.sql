ALTER TABLE "price_changes" ADD COLUMN "old_restrictions" jsonb;--> statement-breakpoint
ALTER TABLE "price_changes" ADD COLUMN "new_restrictions" jsonb;--> statement-breakpoint
ALTER TABLE "published_prices" ADD COLUMN "restrictions" jsonb;