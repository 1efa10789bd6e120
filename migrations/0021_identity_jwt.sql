CREATE TABLE `signing_keys` (
	`kid` text PRIMARY KEY NOT NULL,
	`public_jwk` text NOT NULL,
	`private_jwk` text NOT NULL,
	`created_at` integer NOT NULL
);
