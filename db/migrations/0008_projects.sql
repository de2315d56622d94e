CREATE TABLE `paragraphs` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`voice_id` text NOT NULL,
	`style` text DEFAULT 'neutral' NOT NULL,
	`lang` text DEFAULT 'ko' NOT NULL,
	`pitch` integer DEFAULT 0 NOT NULL,
	`tempo` real DEFAULT 1 NOT NULL,
	`pause_ms` integer DEFAULT 300 NOT NULL,
	`audio_key` text,
	`audio_hash` text,
	`duration_ms` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
