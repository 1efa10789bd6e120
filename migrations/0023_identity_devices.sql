ALTER TABLE `devices` ADD `group_key` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `srp_salt` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `srp_verifier` text;--> statement-breakpoint
ALTER TABLE `srp_sign_ins` ADD `device_id` text;