CREATE TABLE `inferences` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`project_id` text,
	`paragraph_id` text,
	`voice_id` text NOT NULL,
	`method` text DEFAULT 'tts' NOT NULL,
	`text` text NOT NULL,
	`characters` integer NOT NULL,
	`audio_key` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
