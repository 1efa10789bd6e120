CREATE TABLE `attempt_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`last_failure_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_leads` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`class_interested_in` text NOT NULL,
	`extra_tags` text,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_leads_email` ON `email_leads` (`email`);--> statement-breakpoint
CREATE TABLE `outbox_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_emails_to` ON `outbox_emails` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `verification_codes_user` ON `verification_codes` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`list` text NOT NULL,
	`details` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_email_list` ON `waitlist_entries` (`email`,`list`);--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `gifts` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `monthly_credit_info` text;--> statement-breakpoint
ALTER TABLE `users` ADD `offers_seen_info` text;--> statement-breakpoint
ALTER TABLE `users` ADD `location_info` text;--> statement-breakpoint
ALTER TABLE `users` ADD `classes_enrolled` text;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_number` text;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_number_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `preferred_mfa` text DEFAULT 'NOMFA' NOT NULL;