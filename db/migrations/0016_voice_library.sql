ALTER TABLE `voices` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `voices` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `voices` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `voices` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `voices` ADD `rating_sum` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `voices` ADD `rating_avg` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `voices` ADD `bookmark_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `voices` SET `bookmark_count` = (SELECT count(*) FROM `voice_bookmarks` b WHERE b.`voice_id` = `voices`.`id`);--> statement-breakpoint
CREATE INDEX `voices_type_popular` ON `voices` (`type`,`bookmark_count`,`usage_count`,`id`);--> statement-breakpoint
CREATE INDEX `voices_type_newest` ON `voices` (`type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `voices_type_rating` ON `voices` (`type`,`rating_avg`,`rating_count`,`id`);--> statement-breakpoint
CREATE INDEX `voices_type_usage` ON `voices` (`type`,`usage_count`,`id`);--> statement-breakpoint
CREATE INDEX `voices_owner` ON `voices` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `voice_bookmarks_voice` ON `voice_bookmarks` (`voice_id`);--> statement-breakpoint
CREATE TABLE `voice_ratings` (
	`voice_id` text NOT NULL,
	`member_id` text NOT NULL,
	`score` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`voice_id`, `member_id`),
	FOREIGN KEY (`voice_id`) REFERENCES `voices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "voice_ratings_score" CHECK("voice_ratings"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `voice_ratings_member` ON `voice_ratings` (`member_id`);--> statement-breakpoint
CREATE TABLE `voice_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`voice_id` text NOT NULL,
	`member_id` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`edited_at` integer,
	`hidden_at` integer,
	`hidden_reason` text,
	FOREIGN KEY (`voice_id`) REFERENCES `voices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `voice_comments_voice_created` ON `voice_comments` (`voice_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `voice_comments_member` ON `voice_comments` (`member_id`);--> statement-breakpoint
CREATE TABLE `comment_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text NOT NULL,
	`member_id` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `voice_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comment_reports_one` ON `comment_reports` (`comment_id`,`member_id`);--> statement-breakpoint
CREATE INDEX `comment_reports_member` ON `comment_reports` (`member_id`);--> statement-breakpoint
CREATE TABLE `voice_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`voice_id` text NOT NULL,
	`member_id` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`voice_id`) REFERENCES `voices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `voice_reports_one` ON `voice_reports` (`voice_id`,`member_id`);--> statement-breakpoint
CREATE INDEX `voice_reports_member` ON `voice_reports` (`member_id`);--> statement-breakpoint
CREATE TABLE `voice_events` (
	`id` text PRIMARY KEY NOT NULL,
	`voice_id` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`voice_id`) REFERENCES `voices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `voice_events_period` ON `voice_events` (`ends_at`,`starts_at`);--> statement-breakpoint
CREATE INDEX `voice_events_voice` ON `voice_events` (`voice_id`,`ends_at`);--> statement-breakpoint
-- Ratings and bookmarks keep the voice's counters in the same transaction, on every path that changes them
-- (an upsert, a member's withdrawal cascading, a voice's deletion): docs/decisions/0028.
CREATE TRIGGER `voice_ratings_counted_insert` AFTER INSERT ON `voice_ratings` BEGIN
	UPDATE `voices` SET `rating_count` = `rating_count` + 1, `rating_sum` = `rating_sum` + NEW.`score`,
		`rating_avg` = (`rating_sum` + NEW.`score`) * 1.0 / (`rating_count` + 1) WHERE `id` = NEW.`voice_id`;
END;--> statement-breakpoint
CREATE TRIGGER `voice_ratings_counted_update` AFTER UPDATE OF `score` ON `voice_ratings` BEGIN
	UPDATE `voices` SET `rating_sum` = `rating_sum` - OLD.`score` + NEW.`score`,
		`rating_avg` = (`rating_sum` - OLD.`score` + NEW.`score`) * 1.0 / `rating_count` WHERE `id` = NEW.`voice_id`;
END;--> statement-breakpoint
CREATE TRIGGER `voice_ratings_counted_delete` AFTER DELETE ON `voice_ratings` BEGIN
	UPDATE `voices` SET `rating_count` = `rating_count` - 1, `rating_sum` = `rating_sum` - OLD.`score`,
		`rating_avg` = CASE WHEN `rating_count` <= 1 THEN 0 ELSE (`rating_sum` - OLD.`score`) * 1.0 / (`rating_count` - 1) END
		WHERE `id` = OLD.`voice_id`;
END;--> statement-breakpoint
CREATE TRIGGER `voice_bookmarks_counted_insert` AFTER INSERT ON `voice_bookmarks` BEGIN
	UPDATE `voices` SET `bookmark_count` = `bookmark_count` + 1 WHERE `id` = NEW.`voice_id`;
END;--> statement-breakpoint
CREATE TRIGGER `voice_bookmarks_counted_delete` AFTER DELETE ON `voice_bookmarks` BEGIN
	UPDATE `voices` SET `bookmark_count` = `bookmark_count` - 1 WHERE `id` = OLD.`voice_id`;
END;
