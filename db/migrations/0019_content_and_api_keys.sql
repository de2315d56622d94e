CREATE TABLE `notices` (
	`id` text PRIMARY KEY NOT NULL,
	`category` text NOT NULL,
	`pinned` integer DEFAULT 0 NOT NULL,
	`title_ko` text NOT NULL,
	`title_en` text NOT NULL,
	`body_ko` text NOT NULL,
	`body_en` text NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text
);
--> statement-breakpoint
CREATE INDEX `notices_published` ON `notices` (`category`,`pinned`,`published_at`);
--> statement-breakpoint
CREATE TABLE `faq_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`category` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`question_ko` text NOT NULL,
	`question_en` text NOT NULL,
	`answer_ko` text NOT NULL,
	`answer_en` text NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text
);
--> statement-breakpoint
CREATE INDEX `faq_entries_category` ON `faq_entries` (`category`,`position`);
--> statement-breakpoint
CREATE TABLE `guide_sections` (
	`id` text PRIMARY KEY NOT NULL,
	`position` integer NOT NULL,
	`title_ko` text NOT NULL,
	`title_en` text NOT NULL,
	`body_ko` text NOT NULL,
	`body_en` text NOT NULL,
	`image` text,
	`image_alt_ko` text,
	`image_alt_en` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contests` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title_ko` text NOT NULL,
	`title_en` text NOT NULL,
	`summary_ko` text NOT NULL,
	`summary_en` text NOT NULL,
	`rules_ko` text NOT NULL,
	`rules_en` text NOT NULL,
	`prize_ko` text NOT NULL,
	`prize_en` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`created_by` text,
	`updated_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contests_slug` ON `contests` (`slug`);
--> statement-breakpoint
CREATE TABLE `contest_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`contest_id` text NOT NULL,
	`member_id` text NOT NULL,
	`inference_id` text NOT NULL,
	`note` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inference_id`) REFERENCES `inferences`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contest_entries_member` ON `contest_entries` (`contest_id`,`member_id`);
--> statement-breakpoint
CREATE INDEX `contest_entries_inference` ON `contest_entries` (`inference_id`);
--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash` ON `api_keys` (`key_hash`);
--> statement-breakpoint
CREATE INDEX `api_keys_member` ON `api_keys` (`member_id`,`created_at`);
