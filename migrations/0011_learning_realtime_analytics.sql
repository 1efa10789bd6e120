CREATE TABLE `analytics_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email` text,
	`first_name` text,
	`last_name` text,
	`membership_status` text DEFAULT 'inactive' NOT NULL,
	`city` text,
	`country_code` text,
	`attribution` text,
	`lead_source_info` text,
	`first_seen_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lesson_progress` (
	`user_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`product_id` text NOT NULL,
	`percent_complete` integer DEFAULT 0 NOT NULL,
	`position_seconds` real DEFAULT 0 NOT NULL,
	`seconds_watched` real DEFAULT 0 NOT NULL,
	`completed_at` integer,
	`reported_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_progress_user_product` ON `lesson_progress` (`user_id`,`product_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `lesson_progress_user_time` ON `lesson_progress` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `notification_reads` (
	`user_id` text PRIMARY KEY NOT NULL,
	`seen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`link` text,
	`dedupe_key` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe_key_unique` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_user_time` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `lessons` ADD `captions_url` text;--> statement-breakpoint
ALTER TABLE `lessons` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `analytics_events_time` ON `analytics_events` (`created_at`);