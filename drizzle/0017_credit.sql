ALTER TABLE "payments" DROP CONSTRAINT "payments_method_valid";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_valid";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_spend_unique" ON "credit_ledger" USING btree ("payment_id") WHERE "credit_ledger"."amount_paise" < 0;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_return_unique" ON "credit_ledger" USING btree ("payment_id") WHERE "credit_ledger"."amount_paise" > 0 and "credit_ledger"."refund_id" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_is_credit" CHECK (("payments"."provider" = 'credit') = ("payments"."method" = 'credit'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_valid" CHECK ("payments"."method" in ('card', 'upi', 'credit'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_valid" CHECK ("payments"."provider" in ('sandbox', 'razorpay', 'credit'));--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_amount_nonzero" CHECK ("credit_ledger"."amount_paise" <> 0);--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_one_source" CHECK (("credit_ledger"."refund_id" is null) <> ("credit_ledger"."payment_id" is null));