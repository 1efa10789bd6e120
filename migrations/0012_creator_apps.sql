CREATE TABLE `app_blueprints` (
	`app_id` text PRIMARY KEY NOT NULL,
	`content` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `app_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`user_id` text NOT NULL,
	`price_option_id` text NOT NULL,
	`checkout_session_id` text,
	`interval` text NOT NULL,
	`price_cents` integer NOT NULL,
	`status` text NOT NULL,
	`current_period_end` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `app_subscriptions_checkout_session_id_unique` ON `app_subscriptions` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `app_subscriptions_user` ON `app_subscriptions` (`user_id`,`app_id`);--> statement-breakpoint
CREATE INDEX `app_subscriptions_app` ON `app_subscriptions` (`app_id`);--> statement-breakpoint
CREATE TABLE `app_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`kind` text NOT NULL,
	`content` text NOT NULL,
	`reason` text DEFAULT 'save' NOT NULL,
	`restored_from` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_versions_app_kind_time` ON `app_versions` (`app_id`,`kind`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `apps` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`storefront_slug` text NOT NULL,
	`app_slug` text NOT NULL,
	`name` text NOT NULL,
	`idea` text DEFAULT '' NOT NULL,
	`is_idea` integer DEFAULT false NOT NULL,
	`canvas_settings` text DEFAULT '{}' NOT NULL,
	`landing_page` text NOT NULL,
	`theme` text NOT NULL,
	`onboarding_flow` text NOT NULL,
	`monthly_price_cents` integer,
	`annual_price_cents` integer,
	`annual_duration_unit` text DEFAULT 'years' NOT NULL,
	`published` text,
	`is_published` integer DEFAULT false NOT NULL,
	`published_at` integer,
	`recently_opened_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `apps_slugs` ON `apps` (`storefront_slug`,`app_slug`);--> statement-breakpoint
CREATE INDEX `apps_owner_opened` ON `apps` (`user_id`,`recently_opened_at`);--> statement-breakpoint
CREATE INDEX `apps_published` ON `apps` (`is_published`,`published_at`);--> statement-breakpoint
CREATE TABLE `creator_studio_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`tier_slug` text NOT NULL,
	`price_option_id` text NOT NULL,
	`checkout_session_id` text,
	`interval` text NOT NULL,
	`price_cents` integer NOT NULL,
	`status` text NOT NULL,
	`current_period_end` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creator_studio_subscriptions_checkout_session_id_unique` ON `creator_studio_subscriptions` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `creator_studio_subscriptions_user` ON `creator_studio_subscriptions` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`status` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 5 NOT NULL,
	`error` text,
	`input` text NOT NULL,
	`room` text,
	`run_after` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_dedupe_key_unique` ON `jobs` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `jobs_status_run_after` ON `jobs` (`status`,`run_after`);--> statement-breakpoint
CREATE TABLE `onboarding_states` (
	`app_id` text NOT NULL,
	`subject` text NOT NULL,
	`testing_step_id` text DEFAULT '' NOT NULL,
	`user_id` text,
	`email` text,
	`user_state` text DEFAULT '{}' NOT NULL,
	`pages_info` text DEFAULT '{}' NOT NULL,
	`final_user_state` text,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`app_id`, `subject`, `testing_step_id`),
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `onboarding_states_user` ON `onboarding_states` (`user_id`);--> statement-breakpoint
CREATE INDEX `onboarding_states_email` ON `onboarding_states` (`email`);--> statement-breakpoint
CREATE TABLE `personalized_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`subject` text NOT NULL,
	`testing_step_id` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`plan` text,
	`job_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `personalized_plans_subject` ON `personalized_plans` (`app_id`,`subject`,`testing_step_id`);--> statement-breakpoint
CREATE TABLE `studio_tier_prices` (
	`id` text PRIMARY KEY NOT NULL,
	`tier_slug` text NOT NULL,
	`interval` text NOT NULL,
	`price_cents` integer NOT NULL,
	`stripe_price_id` text,
	FOREIGN KEY (`tier_slug`) REFERENCES `studio_tiers`(`slug`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `studio_tier_prices_tier_interval` ON `studio_tier_prices` (`tier_slug`,`interval`);--> statement-breakpoint
CREATE TABLE `studio_tiers` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`features` text NOT NULL,
	`max_published_apps` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `checkout_sessions` ADD `success_path` text;--> statement-breakpoint
ALTER TABLE `checkout_sessions` ADD `cancel_path` text;