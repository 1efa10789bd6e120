CREATE TABLE `app_media` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`type` text NOT NULL,
	`url` text NOT NULL,
	`metadata` text,
	`thumbnail_url` text,
	`is_in_blueprint` integer,
	`is_hidden_in_library` integer,
	`parent_media_id` text,
	`podcast_id` text,
	`channel_id` text,
	`created_at` integer NOT NULL,
	`upload_date` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_media_app_created` ON `app_media` (`app_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `app_media_parent_upload` ON `app_media` (`parent_media_id`,`upload_date`);--> statement-breakpoint
CREATE INDEX `app_media_app_url` ON `app_media` (`app_id`,`url`);--> statement-breakpoint
CREATE TABLE `app_media_topics` (
	`topic_id` text NOT NULL,
	`media_id` text NOT NULL,
	`order_num` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`topic_id`, `media_id`),
	FOREIGN KEY (`topic_id`) REFERENCES `app_topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `app_media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_media_topics_topic_order` ON `app_media_topics` (`topic_id`,`order_num`);--> statement-breakpoint
CREATE INDEX `app_media_topics_media` ON `app_media_topics` (`media_id`);--> statement-breakpoint
CREATE TABLE `app_topics` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`name` text NOT NULL,
	`order_num` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_topics_app_order` ON `app_topics` (`app_id`,`order_num`);