CREATE TABLE `active_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`project_id` text,
	`kind` text NOT NULL,
	`state` text NOT NULL,
	`created_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `active_jobs_member` ON `active_jobs` (`member_id`,`state`);--> statement-breakpoint
CREATE UNIQUE INDEX `active_jobs_project` ON `active_jobs` (`project_id`) WHERE kind = 'tts';--> statement-breakpoint
CREATE TABLE `job_charges` (
	`key` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`member_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	`refunded_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `job_charges_job` ON `job_charges` (`job_id`);--> statement-breakpoint
CREATE INDEX `job_charges_open` ON `job_charges` (`created_at`) WHERE settled_at IS NULL AND refunded_at IS NULL;