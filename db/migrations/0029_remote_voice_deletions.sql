-- Server defects found in review (docs/decisions/0052): remote voices (the HTTP engine's, `engine.remoteId`) to delete at the
-- service, queued by triggers whenever the product lets go of one (a voice deleted by its creator, a custom voice removed
-- by a slot choice, a move to Free or an account's deletion, an open voice draft expired or released) and drained after the
-- answer and by the hourly cron, with retries (workers/api/src/speech/forget.ts).
CREATE TABLE `remote_voice_deletions` (
	`source_id` text PRIMARY KEY NOT NULL,
	`remote_id` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `remote_voice_deletions_due` ON `remote_voice_deletions` (`next_at`);
--> statement-breakpoint
CREATE TRIGGER `voices_remote_forget_soft` AFTER UPDATE OF `deleted_at` ON `voices`
	WHEN OLD.`deleted_at` IS NULL AND NEW.`deleted_at` IS NOT NULL AND json_valid(NEW.`engine`)
		AND json_type(NEW.`engine`, '$.remoteId') = 'text' BEGIN
	INSERT OR IGNORE INTO `remote_voice_deletions` (`source_id`, `remote_id`, `created_at`)
		VALUES (NEW.`id`, json_extract(NEW.`engine`, '$.remoteId'), CAST(strftime('%s', 'now') AS INTEGER) * 1000);
END;--> statement-breakpoint
CREATE TRIGGER `voices_remote_forget_delete` AFTER DELETE ON `voices`
	WHEN OLD.`deleted_at` IS NULL AND json_valid(OLD.`engine`) AND json_type(OLD.`engine`, '$.remoteId') = 'text' BEGIN
	INSERT OR IGNORE INTO `remote_voice_deletions` (`source_id`, `remote_id`, `created_at`)
		VALUES (OLD.`id`, json_extract(OLD.`engine`, '$.remoteId'), CAST(strftime('%s', 'now') AS INTEGER) * 1000);
END;--> statement-breakpoint
-- A draft published as an open voice hands its remote voice on (the voice takes the draft's recording as its source).
CREATE TRIGGER `voice_drafts_remote_forget` AFTER DELETE ON `voice_drafts`
	WHEN json_valid(OLD.`engine`) AND json_type(OLD.`engine`, '$.remoteId') = 'text'
		AND NOT EXISTS (SELECT 1 FROM `voices` WHERE `owner_id` = OLD.`member_id` AND `source_key` = OLD.`audio_key`) BEGIN
	INSERT OR IGNORE INTO `remote_voice_deletions` (`source_id`, `remote_id`, `created_at`)
		VALUES ('draft:' || OLD.`id`, json_extract(OLD.`engine`, '$.remoteId'), CAST(strftime('%s', 'now') AS INTEGER) * 1000);
END;
