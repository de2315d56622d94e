CREATE TABLE `cancellations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` text,
	`plan` text NOT NULL,
	`reason` text NOT NULL,
	`comment` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `cards` (
	`no` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` text NOT NULL,
	`customer_uid` text NOT NULL,
	`card_type` text NOT NULL,
	`card_name` text NOT NULL,
	`card_number` text NOT NULL,
	`main` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cards_customer_uid_unique` ON `cards` (`customer_uid`);--> statement-breakpoint
CREATE INDEX `cards_member` ON `cards` (`member_id`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`num` text PRIMARY KEY NOT NULL,
	`plan` text NOT NULL,
	`days` integer NOT NULL,
	`expires_at` integer,
	`used_by` text,
	`used_at` integer,
	FOREIGN KEY (`used_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`no` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` text,
	`merchant_uid` text NOT NULL,
	`imp_uid` text,
	`provider` text NOT NULL,
	`kind` text NOT NULL,
	`plan` text NOT NULL,
	`currency` text NOT NULL,
	`price` integer NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`amount` integer NOT NULL,
	`status` text NOT NULL,
	`fail_reason` text DEFAULT '' NOT NULL,
	`card_name` text DEFAULT '' NOT NULL,
	`receipt_url` text,
	`period_start` integer,
	`period_end` integer,
	`refund_amount` integer DEFAULT 0 NOT NULL,
	`refund_fee` integer DEFAULT 0 NOT NULL,
	`refunded_at` integer,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_merchant_uid_unique` ON `payments` (`merchant_uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_imp_uid_unique` ON `payments` (`imp_uid`);--> statement-breakpoint
CREATE INDEX `payments_member_created` ON `payments` (`member_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_one_pending` ON `payments` (`member_id`) WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE `members` ADD `plan_start_at` integer;--> statement-breakpoint
ALTER TABLE `members` ADD `billing_anchor_at` integer;--> statement-breakpoint
ALTER TABLE `members` ADD `next_payment_at` integer;--> statement-breakpoint
ALTER TABLE `members` ADD `subscription` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `to_plan` text;--> statement-breakpoint
ALTER TABLE `members` ADD `payment_method` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `coupon_end_at` integer;--> statement-breakpoint
ALTER TABLE `members` ADD `used_discount` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `must_choose_cv` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `carry_seconds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `carry_chars` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `renew_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `renew_retry_at` integer;