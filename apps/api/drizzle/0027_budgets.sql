CREATE TABLE "budgets" (
	"business_uuid" uuid NOT NULL,
	"month" date NOT NULL,
	"room_nights" integer NOT NULL,
	"revenue_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_business_uuid_month_pk" PRIMARY KEY("business_uuid","month"),
	CONSTRAINT "budgets_month_check" CHECK (extract(day from "budgets"."month") = 1),
	CONSTRAINT "budgets_figures_check" CHECK ("budgets"."room_nights" >= 0 and "budgets"."revenue_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_business_uuid_businesses_uuid_fk" FOREIGN KEY ("business_uuid") REFERENCES "public"."businesses"("uuid") ON DELETE cascade ON UPDATE no action;