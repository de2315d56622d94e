-- The console (docs/decisions/0036): a report's status (open until an operator hides what it is about
-- or dismisses it, with who and when), and the dormancy period a member chose (1 year, or 3 by their choice:
-- spec section 9, the privacy policy's "user-set 3 years").
ALTER TABLE `voice_reports` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `voice_reports` ADD `resolved_at` integer;--> statement-breakpoint
ALTER TABLE `voice_reports` ADD `resolved_by` text;--> statement-breakpoint
CREATE INDEX `voice_reports_status_created` ON `voice_reports` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `comment_reports` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `comment_reports` ADD `resolved_at` integer;--> statement-breakpoint
ALTER TABLE `comment_reports` ADD `resolved_by` text;--> statement-breakpoint
CREATE INDEX `comment_reports_status_created` ON `comment_reports` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `members` ADD `dormancy_years` integer DEFAULT 1 NOT NULL;
