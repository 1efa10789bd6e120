CREATE TABLE `collection_items` (
	`collection_id` text NOT NULL,
	`product_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`collection_id`, `product_id`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collection_items_product` ON `collection_items` (`product_id`);--> statement-breakpoint
CREATE TABLE `collections` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`tagline` text NOT NULL,
	`description` text NOT NULL,
	`program_type` text DEFAULT 'collection' NOT NULL,
	`cover_url` text NOT NULL,
	`price_cents` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_slug_unique` ON `collections` (`slug`);--> statement-breakpoint
CREATE TABLE `creators` (
	`id` text PRIMARY KEY NOT NULL,
	`storefront_slug` text NOT NULL,
	`name` text NOT NULL,
	`headline` text NOT NULL,
	`bio` text NOT NULL,
	`avatar_url` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creators_storefront_slug_unique` ON `creators` (`storefront_slug`);--> statement-breakpoint
CREATE TABLE `feature_flags` (
	`key` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`payload` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lessons` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`duration_seconds` integer NOT NULL,
	`is_preview` integer DEFAULT false NOT NULL,
	`video_url` text,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lessons_product_position` ON `lessons` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_tags` (
	`product_id` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`product_id`, `kind`, `value`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_tags_kind_value` ON `product_tags` (`kind`,`value`,`product_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`class_slug` text NOT NULL,
	`storefront_slug` text NOT NULL,
	`creator_id` text NOT NULL,
	`tagline` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`cover_url` text NOT NULL,
	`price_cents` integer NOT NULL,
	`crossed_price_cents` integer,
	`crossed_price_applicable_from` integer,
	`special_only_vip` integer DEFAULT false NOT NULL,
	`should_not_hide_discount` integer DEFAULT false NOT NULL,
	`subscription_slug` text DEFAULT '' NOT NULL,
	`level` text DEFAULT 'All levels' NOT NULL,
	`lesson_count` integer DEFAULT 0 NOT NULL,
	`total_seconds` integer DEFAULT 0 NOT NULL,
	`rating_average` real DEFAULT 0 NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`rating_score` integer DEFAULT 0 NOT NULL,
	`popularity` integer DEFAULT 0 NOT NULL,
	`released_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_storefront_class_slug` ON `products` (`storefront_slug`,`class_slug`);--> statement-breakpoint
CREATE INDEX `products_creator` ON `products` (`creator_id`);--> statement-breakpoint
CREATE INDEX `products_kind_popularity` ON `products` (`kind`,`popularity`,`id`);--> statement-breakpoint
CREATE INDEX `products_kind_released` ON `products` (`kind`,`released_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_kind_rating` ON `products` (`kind`,`rating_score`,`id`);--> statement-breakpoint
CREATE INDEX `products_kind_category_popularity` ON `products` (`kind`,`category`,`popularity`,`id`);