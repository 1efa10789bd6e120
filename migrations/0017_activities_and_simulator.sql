CREATE TABLE `activity_card_results` (
	`run_id` text NOT NULL,
	`card_id` text NOT NULL,
	`kind` text NOT NULL,
	`answer` text,
	`result` text,
	`status` text NOT NULL,
	`job_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`run_id`, `card_id`),
	FOREIGN KEY (`run_id`) REFERENCES `activity_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `activity_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`activity_id` text NOT NULL,
	`subject` text NOT NULL,
	`user_id` text,
	`testing_step_id` text DEFAULT '' NOT NULL,
	`title` text NOT NULL,
	`cards` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`summary_analysis_text` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_runs_subject` ON `activity_runs` (`app_id`,`subject`,`testing_step_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `activity_runs_activity` ON `activity_runs` (`app_id`,`activity_id`,`testing_step_id`);--> statement-breakpoint
CREATE INDEX `activity_runs_user` ON `activity_runs` (`user_id`);--> statement-breakpoint
CREATE TABLE `simulator_items` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`item_type` text NOT NULL,
	`testing_step_id` text,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `simulator_items_app` ON `simulator_items` (`app_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `simulator_items_app_type` ON `simulator_items` (`app_id`,`item_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `simulator_items_step` ON `simulator_items` (`testing_step_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `test_flows` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`title` text NOT NULL,
	`steps` text DEFAULT '[]' NOT NULL,
	`last_run` text,
	`last_run_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `test_flows_app` ON `test_flows` (`app_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `testing_onboarding_info` (
	`app_id` text NOT NULL,
	`testing_step_id` text NOT NULL,
	`info` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`app_id`, `testing_step_id`),
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `testing_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`name` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `testing_steps_app` ON `testing_steps` (`app_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_media_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`user_id` text NOT NULL,
	`activity_id` text,
	`type` text NOT NULL,
	`url` text NOT NULL,
	`is_for_simulation` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_media_uploads_app_user` ON `user_media_uploads` (`app_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_media_uploads_simulation` ON `user_media_uploads` (`is_for_simulation`,`created_at`);