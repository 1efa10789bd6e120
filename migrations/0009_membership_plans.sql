CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`user_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`provider_invoice_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_provider_invoice_id_unique` ON `invoices` (`provider_invoice_id`);--> statement-breakpoint
CREATE INDEX `invoices_subscription` ON `invoices` (`subscription_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_user` ON `invoices` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `membership_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`interval` text NOT NULL,
	`price_cents` integer NOT NULL,
	`trial_days` integer DEFAULT 0 NOT NULL,
	`stripe_price_id` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `membership_plans_product_interval` ON `membership_plans` (`product_id`,`interval`);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `plan_id` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `stripe_synced_at` integer;