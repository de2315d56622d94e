ALTER TABLE `voices` ADD `status` text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE `voices` ADD `consents` text;--> statement-breakpoint
ALTER TABLE `voices` ADD `consented_at` integer;--> statement-breakpoint
ALTER TABLE `voices` ADD `file_count` integer;--> statement-breakpoint
ALTER TABLE `voices` ADD `job_id` text;--> statement-breakpoint
ALTER TABLE `voices` ADD `failure` text;
