CREATE TABLE `pronunciation_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`lang` text NOT NULL,
	`word` text NOT NULL,
	`reading` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pronunciation_entries_word` ON `pronunciation_entries` (`member_id`,`lang`,`word`);