CREATE TABLE `labs_avatars` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`name` text NOT NULL,
	`file_key` text NOT NULL,
	`bytes` integer NOT NULL,
	`vrm_version` text NOT NULL,
	`meshes` integer NOT NULL,
	`textures` integer NOT NULL,
	`vertices` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `labs_avatars_member` ON `labs_avatars` (`member_id`,`created_at`);
