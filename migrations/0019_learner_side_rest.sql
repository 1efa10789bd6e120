CREATE TABLE `bts_feedback` (
	`video_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`user_id` text,
	`rating` integer NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`video_id`, `viewer_id`),
	FOREIGN KEY (`video_id`) REFERENCES `bts_videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bts_feedback_video_time` ON `bts_feedback` (`video_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `bts_videos` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`video_url` text NOT NULL,
	`captions_url` text,
	`poster_url` text NOT NULL,
	`duration_seconds` integer NOT NULL,
	`product_id` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bts_videos_slug_unique` ON `bts_videos` (`slug`);--> statement-breakpoint
CREATE TABLE `challenge_days` (
	`challenge_id` text NOT NULL,
	`day` integer NOT NULL,
	`lesson_id` text NOT NULL,
	PRIMARY KEY(`challenge_id`, `day`),
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `challenge_enrollments` (
	`challenge_id` text NOT NULL,
	`user_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`challenge_id`, `user_id`),
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `challenge_enrollments_user` ON `challenge_enrollments` (`user_id`);--> statement-breakpoint
CREATE TABLE `challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`tagline` text NOT NULL,
	`description` text NOT NULL,
	`cover_url` text NOT NULL,
	`starts_at` integer NOT NULL,
	`days` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenges_slug_unique` ON `challenges` (`slug`);--> statement-breakpoint
CREATE TABLE `experiment_assignments` (
	`experiment_key` text NOT NULL,
	`subject_id` text NOT NULL,
	`user_id` text,
	`variant` text NOT NULL,
	`assigned_at` integer NOT NULL,
	PRIMARY KEY(`experiment_key`, `subject_id`),
	FOREIGN KEY (`experiment_key`) REFERENCES `experiments`(`key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `experiment_assignments_user` ON `experiment_assignments` (`experiment_key`,`user_id`);--> statement-breakpoint
CREATE TABLE `experiments` (
	`key` text PRIMARY KEY NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`variants` text NOT NULL,
	`starts_at` integer NOT NULL,
	`stops_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `saved_lessons` (
	`user_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`product_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_lessons_user_time` ON `saved_lessons` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `collections` ADD `coming_soon` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `coming_soon` integer DEFAULT false NOT NULL;