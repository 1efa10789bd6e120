CREATE TABLE `simulator_last_personas` (
	`user_id` text NOT NULL,
	`app_id` text NOT NULL,
	`testing_step_id` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `app_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`app_id`) REFERENCES `apps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`testing_step_id`) REFERENCES `testing_steps`(`id`) ON UPDATE no action ON DELETE cascade
);
