ALTER TABLE `members` ADD `used_chars` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `used_seconds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `usage_period_end` integer DEFAULT 0 NOT NULL;