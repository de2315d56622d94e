CREATE TABLE `sts_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`project_id` text NOT NULL,
	`method` text NOT NULL,
	`name` text NOT NULL,
	`format` text NOT NULL,
	`audio_key` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `inferences` ADD `seconds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `inferences` ADD `source_key` text;--> statement-breakpoint
ALTER TABLE `inferences` ADD `share_id` text;--> statement-breakpoint
ALTER TABLE `inferences` ADD `share_locale` text;--> statement-breakpoint
ALTER TABLE `inferences` ADD `review_score` integer;--> statement-breakpoint
ALTER TABLE `inferences` ADD `review_text` text;--> statement-breakpoint
ALTER TABLE `inferences` ADD `reviewed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `inferences_share_id` ON `inferences` (`share_id`);--> statement-breakpoint
CREATE INDEX `inferences_member_created` ON `inferences` (`member_id`,`created_at`);