CREATE TABLE `notify_dedup` (
	`fingerprint` text PRIMARY KEY NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notify_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message` text NOT NULL,
	`detail` text NOT NULL,
	`user_id` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `plans` (
	`tier` integer PRIMARY KEY NOT NULL,
	`plan` text NOT NULL,
	`subtitle` text NOT NULL,
	`price` integer NOT NULL,
	`price_en_cents` integer NOT NULL,
	`plan_time` integer NOT NULL,
	`plan_txt` integer NOT NULL,
	`cv_cnt` integer NOT NULL,
	`func` text NOT NULL,
	`project_limit` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_plan_unique` ON `plans` (`plan`);