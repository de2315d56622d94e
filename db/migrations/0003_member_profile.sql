ALTER TABLE `members` ADD `firstname` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `secondname` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `gender` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `phone_number` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `work` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `belong` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `purpose` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `marketing` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `locale` text DEFAULT 'ko' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `profile_img` text DEFAULT '' NOT NULL;