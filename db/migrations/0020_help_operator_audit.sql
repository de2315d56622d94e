-- The console (docs/decisions/0032): the operator role, last login and the dormancy notice on members,
-- 1:1 inquiries with their messages and images, the append-only audit log, and the separated store
-- of dormant accounts.
ALTER TABLE `members` ADD `role` text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `last_login_at` integer;--> statement-breakpoint
ALTER TABLE `members` ADD `dormant_notice_at` integer;--> statement-breakpoint
ALTER TABLE `members` ADD `dormant_at` integer;--> statement-breakpoint
-- Activity before this migration: the newest session's start, else the migration's time (nobody is taken
-- as dormant for what happened before last logins were kept).
UPDATE `members` SET `last_login_at` = COALESCE((SELECT MAX(`created_at`) FROM `refresh_tokens` WHERE `refresh_tokens`.`member_id` = `members`.`id`), CAST(unixepoch() AS integer) * 1000);--> statement-breakpoint
CREATE TABLE `inquiries` (
	`no` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` text,
	`category` text NOT NULL,
	`content` text NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`read_yn` text DEFAULT 'Y' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `inquiries_member_created` ON `inquiries` (`member_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `inquiries_state_created` ON `inquiries` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `inquiries_updated` ON `inquiries` (`updated_at`);--> statement-breakpoint
CREATE TABLE `inquiry_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inquiry_no` integer NOT NULL,
	`author` text NOT NULL,
	`operator_id` text,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`inquiry_no`) REFERENCES `inquiries`(`no`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inquiry_messages_inquiry` ON `inquiry_messages` (`inquiry_no`,`id`);--> statement-breakpoint
CREATE TABLE `inquiry_images` (
	`id` text PRIMARY KEY NOT NULL,
	`inquiry_no` integer NOT NULL,
	`message_id` integer,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`inquiry_no`) REFERENCES `inquiries`(`no`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inquiry_images_inquiry` ON `inquiry_images` (`inquiry_no`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text NOT NULL,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_target` ON `audit_log` (`target_type`,`target_id`);--> statement-breakpoint
-- Nobody edits the audit log: the database itself refuses to change or delete a row.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;--> statement-breakpoint
CREATE TABLE `dormant_members` (
	`member_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`data` text NOT NULL,
	`dormant_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dormant_members_email_unique` ON `dormant_members` (`email`);
