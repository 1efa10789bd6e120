CREATE TABLE `ai_units` (
	`id` text PRIMARY KEY NOT NULL,
	`day` integer NOT NULL,
	`creator_id` text,
	`app_id` text,
	`end_user` text,
	`task` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ai_units_creator_day` ON `ai_units` (`creator_id`,`day`);--> statement-breakpoint
CREATE INDEX `ai_units_app_day` ON `ai_units` (`app_id`,`day`,`end_user`);--> statement-breakpoint
ALTER TABLE `studio_tiers` ADD `app_ai_units_per_day` integer DEFAULT 500 NOT NULL;--> statement-breakpoint
-- Today's counted calls carry over, so no creator gets a second allowance on the day this runs.
INSERT INTO `ai_units` (`id`, `day`, `creator_id`, `app_id`, `end_user`, `task`, `created_at`)
  SELECT 'call:' || `id`, `created_at` - (`created_at` % 86400000), `user_id`, `app_id`, NULL, `task`, `created_at`
  FROM `ai_calls` WHERE `counted` = 1 AND `user_id` IS NOT NULL
    AND `created_at` >= (CAST(strftime('%s', 'now') AS integer) * 1000) - ((CAST(strftime('%s', 'now') AS integer) * 1000) % 86400000);--> statement-breakpoint
ALTER TABLE `ai_calls` DROP COLUMN `counted`;
