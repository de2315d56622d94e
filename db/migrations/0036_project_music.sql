-- A TTS project's background music (db/schema/studio.ts projectMusic): one checked track per project, mixed under the
-- voice in the joined download at the member's level.
CREATE TABLE `project_music` (
	`project_id` text PRIMARY KEY NOT NULL,
	`audio_key` text NOT NULL,
	`name` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`level` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
