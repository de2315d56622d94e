CREATE INDEX `notify_reports_received` ON `notify_reports` (`received_at`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_family` ON `refresh_tokens` (`family_id`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_member` ON `refresh_tokens` (`member_id`);