CREATE TABLE `oauth_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`secret` text,
	`redirect_uris` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
-- The product's own web client: the identity API's ClientId when a call names none.
INSERT INTO `oauth_clients` (`id`, `name`, `secret`, `redirect_uris`, `scopes`, `created_at`)
VALUES ('studio-web', 'Studio (web)', NULL, '[]', '["openid","email","profile","aws.cognito.signin.user.admin"]', 0);
