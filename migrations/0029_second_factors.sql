ALTER TABLE `users` ADD `mfa_enabled` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- The authenticator was on when it was the preference (a verified factor is still checked at sign-in).
UPDATE `users` SET `mfa_enabled` = '["SOFTWARE_TOKEN_MFA"]' WHERE `preferred_mfa` = 'SOFTWARE_TOKEN_MFA';
