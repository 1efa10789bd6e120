-- Full-text search over the catalogue (SQLite FTS5). Hand-written: drizzle cannot describe virtual tables.
-- The index row shares the product's rowid, so searches join on rowid and deletes are index lookups.
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	title, tagline, creator_name, category, description,
	tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO products_fts(rowid, title, tagline, creator_name, category, description)
	VALUES (new.rowid, new.title, new.tagline, (SELECT name FROM creators WHERE id = new.creator_id), new.category, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
	DELETE FROM products_fts WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF title, tagline, category, description, creator_id ON `products` BEGIN
	DELETE FROM products_fts WHERE rowid = old.rowid;
	INSERT INTO products_fts(rowid, title, tagline, creator_name, category, description)
	VALUES (new.rowid, new.title, new.tagline, (SELECT name FROM creators WHERE id = new.creator_id), new.category, new.description);
END;
--> statement-breakpoint
-- A creator's new name must be findable in search straight away.
CREATE TRIGGER `products_fts_creator_rename` AFTER UPDATE OF name ON `creators` BEGIN
	UPDATE products_fts SET creator_name = new.name WHERE rowid IN (SELECT rowid FROM products WHERE creator_id = new.id);
END;
