CREATE TABLE `blueprint_examples` (
	`id` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blueprint_examples_app_type` ON `blueprint_examples` (`app_id`,`type`,`created_at`);