CREATE TABLE `srp_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`public_a` text NOT NULL,
	`public_b` text NOT NULL,
	`server_secret` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `srp_sign_ins_user` ON `srp_sign_ins` (`user_id`);--> statement-breakpoint
ALTER TABLE `password_credentials` ADD `srp_salt` text;--> statement-breakpoint
ALTER TABLE `password_credentials` ADD `srp_verifier` text;