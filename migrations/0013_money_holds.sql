ALTER TABLE `checkout_sessions` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `checkout_sessions` ADD `fulfilment_id` text;--> statement-breakpoint
CREATE INDEX `checkout_sessions_discount_code` ON `checkout_sessions` (`discount_code`,`status`);--> statement-breakpoint
ALTER TABLE `discount_codes` ADD `max_redemptions_per_user` integer;