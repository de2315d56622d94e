CREATE TABLE `oauth_states` (
	`state` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`code_verifier` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `withdrawals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reason_studio` text NOT NULL,
	`reason_community` text NOT NULL,
	`opinion` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `withdrawn_emails` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`withdrawn_at` integer NOT NULL
);
