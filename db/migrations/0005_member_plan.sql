ALTER TABLE `members` ADD `plan` text DEFAULT 'Free' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `plan_end_at` integer;