-- Basic voices made by operators (docs/decisions/0062): a consented speaker's reference clip or a preset speaker, staged,
-- auditioned and published; the row stays as the voice's provenance (speaker, consent, licence).
CREATE TABLE `voice_references` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`lang` text NOT NULL,
	`name` text NOT NULL,
	`intro` text NOT NULL,
	`tone` text NOT NULL,
	`gender` text NOT NULL,
	`age` text NOT NULL,
	`features` text NOT NULL,
	`categories` text NOT NULL,
	`engine` text NOT NULL,
	`clip_key` text,
	`transcript` text,
	`clip_seconds` real,
	`speaker` text NOT NULL,
	`consent_at` integer,
	`consent_document` text,
	`licence` text NOT NULL,
	`licence_note` text,
	`licence_ends_at` integer,
	`audition_key` text,
	`audition_text` text,
	`audition_engine` text,
	`auditioned_at` integer,
	`voice_id` text,
	`published_at` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`voice_id`) REFERENCES `voices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `voice_references_created` ON `voice_references` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `voice_references_voice` ON `voice_references` (`voice_id`);