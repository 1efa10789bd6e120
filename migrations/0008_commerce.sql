CREATE TABLE `carts` (
	`owner_id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`items` text DEFAULT '[]' NOT NULL,
	`buy_now_product_id` text,
	`offer_valid` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `carts_user` ON `carts` (`user_id`);--> statement-breakpoint
CREATE TABLE `checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_session_id` text,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`source` text NOT NULL,
	`lines` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`discount_code` text,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`credit_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`payment_info` text NOT NULL,
	`query` text DEFAULT '' NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	`receipt_sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_provider_session_id_unique` ON `checkout_sessions` (`provider_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_idempotency_key_unique` ON `checkout_sessions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_user` ON `checkout_sessions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`percent_off` integer,
	`amount_off_cents` integer,
	`expires_at` integer,
	`max_redemptions` integer,
	`redemptions` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`kind` text NOT NULL,
	`checkout_session_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`purchased_at` integer NOT NULL,
	`refunded_info` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`checkout_session_id`) REFERENCES `checkout_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_checkout_product` ON `purchases` (`checkout_session_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `purchases_user` ON `purchases` (`user_id`,`purchased_at`);--> statement-breakpoint
CREATE INDEX `purchases_product` ON `purchases` (`product_id`);--> statement-breakpoint
CREATE TABLE `saved_cards` (
	`user_id` text PRIMARY KEY NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`checkout_session_id` text,
	`provider` text NOT NULL,
	`provider_subscription_id` text,
	`interval` text NOT NULL,
	`price_cents` integer NOT NULL,
	`status` text NOT NULL,
	`trial_ends_at` integer,
	`current_period_end` integer NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`canceled_at` integer,
	`cancel_reason` text,
	`cancel_feedback` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_checkout_session_id_unique` ON `subscriptions` (`checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider_subscription_id_unique` ON `subscriptions` (`provider_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_user` ON `subscriptions` (`user_id`,`created_at`);