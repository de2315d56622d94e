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
--> statement-breakpoint
CREATE TABLE `video_letters` (
	`inference_id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`video_key` text NOT NULL,
	`poster_key` text,
	`bytes` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`inference_id`) REFERENCES `inferences`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
