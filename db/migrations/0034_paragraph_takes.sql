-- A paragraph's takes (db/schema/studio.ts paragraphTakes): each generation of its text and settings kept with its audio,
-- found again by hash when the paragraph comes back (a restored version, an undone edit) or is generated again.
CREATE TABLE `paragraph_takes` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`paragraph_id` text NOT NULL,
	`hash` text NOT NULL,
	`text` text NOT NULL,
	`voice_id` text NOT NULL,
	`style` text NOT NULL,
	`tempo` real NOT NULL,
	`pitch` integer NOT NULL,
	`audio_key` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `paragraph_takes_project_hash` ON `paragraph_takes` (`project_id`,`hash`);--> statement-breakpoint
CREATE INDEX `paragraph_takes_paragraph` ON `paragraph_takes` (`paragraph_id`,`created_at`);