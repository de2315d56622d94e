CREATE TABLE `voice_bookmarks` (
	`member_id` text NOT NULL,
	`voice_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `voice_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`voice_id`) REFERENCES `voices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `voices` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`owner_id` text,
	`lang` text NOT NULL,
	`name` text NOT NULL,
	`intro` text NOT NULL,
	`tone` text NOT NULL,
	`gender` text NOT NULL,
	`age` text NOT NULL,
	`features` text NOT NULL,
	`categories` text NOT NULL,
	`engine` text NOT NULL,
	`usage_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
