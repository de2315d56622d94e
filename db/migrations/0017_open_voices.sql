ALTER TABLE `voices` ADD `profile` text;--> statement-breakpoint
ALTER TABLE `voices` ADD `source_key` text;--> statement-breakpoint
ALTER TABLE `voices` ADD `image_key` text;--> statement-breakpoint
ALTER TABLE `voices` ADD `image_type` text;--> statement-breakpoint
CREATE TABLE `voice_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`lang` text NOT NULL,
	`gender` text NOT NULL,
	`audio_key` text NOT NULL,
	`facts` text NOT NULL,
	`profile` text NOT NULL,
	`engine` text NOT NULL,
	`preview_key` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `voice_drafts_member` ON `voice_drafts` (`member_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `voice_drafts_expires` ON `voice_drafts` (`expires_at`);
