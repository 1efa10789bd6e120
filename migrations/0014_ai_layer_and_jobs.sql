CREATE TABLE `ai_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`app_id` text,
	`task` text NOT NULL,
	`work` text NOT NULL,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`outcome` text NOT NULL,
	`fallback_reason` text,
	`attempts` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`counted` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ai_calls_user_time` ON `ai_calls` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ai_calls_app` ON `ai_calls` (`app_id`);--> statement-breakpoint
CREATE TABLE `brainstorms` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`interest` text NOT NULL,
	`audience` text DEFAULT '' NOT NULL,
	`expertise` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`apps` text,
	`error` text,
	`job_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `brainstorms_user_time` ON `brainstorms` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `studio_tiers` ADD `ai_generations_per_day` integer DEFAULT 50 NOT NULL;