ALTER TABLE `users` ADD `started_app_at` integer;--> statement-breakpoint
-- People who already own an app, made a brainstorm or started a build: when they first did (one pass over each table).
UPDATE `users` SET `started_app_at` = `started`.`at`
FROM (
  SELECT `user_id`, min(`created_at`) AS `at` FROM (
    SELECT `user_id`, `created_at` FROM `apps`
    UNION ALL SELECT `user_id`, `created_at` FROM `brainstorms`
    UNION ALL SELECT json_extract(`input`, '$.userId'), `created_at` FROM `jobs` WHERE `kind` = 'build-app'
  ) GROUP BY `user_id`
) AS `started`
WHERE `started`.`user_id` = `users`.`id`;
