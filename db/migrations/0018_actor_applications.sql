CREATE TABLE `actor_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text,
	`name` text NOT NULL,
	`contact` text NOT NULL,
	`contact_key` text NOT NULL,
	`sample_url` text,
	`sample_key` text,
	`sample_format` text,
	`sample_duration_ms` integer,
	`locale` text NOT NULL,
	`consent_at` integer NOT NULL,
	`status` text DEFAULT 'received' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `actor_applications_open_contact` ON `actor_applications` (`contact_key`) WHERE status = 'received';--> statement-breakpoint
CREATE INDEX `actor_applications_status_created` ON `actor_applications` (`status`,`created_at`);
