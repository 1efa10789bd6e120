ALTER TABLE `oauth_clients` ADD `require_pkce` integer DEFAULT false NOT NULL;
-- Clients registered before this keep taking authorization requests without PKCE (a confidential one's); admins turn it on at /admin/clients.
