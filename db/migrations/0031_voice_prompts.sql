-- Cloned voices (docs/decisions/0061): a voice's reference clip lives in R2 at `engine.prompt.key`, and goes with the voice.
-- The queue of 0029 now holds those keys (its `remote_id`): the HTTP engine's remote voices (`engine.remoteId`) are gone
-- with that engine. The triggers fire on every path that lets go of a voice, as before (workers/api/src/speech/engine.ts).
DROP TRIGGER IF EXISTS `voices_remote_forget_soft`;--> statement-breakpoint
-- Rows of the HTTP engine's remote ids name no clip of ours: nothing of them is ours to delete.
DELETE FROM `remote_voice_deletions` WHERE `remote_id` NOT LIKE 'voices/%';--> statement-breakpoint
DROP TRIGGER IF EXISTS `voices_remote_forget_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `voice_drafts_remote_forget`;--> statement-breakpoint
CREATE TRIGGER `voices_prompt_forget_soft` AFTER UPDATE OF `deleted_at` ON `voices`
	WHEN OLD.`deleted_at` IS NULL AND NEW.`deleted_at` IS NOT NULL AND json_valid(NEW.`engine`)
		AND json_type(NEW.`engine`, '$.prompt.key') = 'text' BEGIN
	INSERT OR IGNORE INTO `remote_voice_deletions` (`source_id`, `remote_id`, `created_at`)
		VALUES (NEW.`id`, json_extract(NEW.`engine`, '$.prompt.key'), CAST(strftime('%s', 'now') AS INTEGER) * 1000);
END;--> statement-breakpoint
CREATE TRIGGER `voices_prompt_forget_delete` AFTER DELETE ON `voices`
	WHEN OLD.`deleted_at` IS NULL AND json_valid(OLD.`engine`) AND json_type(OLD.`engine`, '$.prompt.key') = 'text' BEGIN
	INSERT OR IGNORE INTO `remote_voice_deletions` (`source_id`, `remote_id`, `created_at`)
		VALUES (OLD.`id`, json_extract(OLD.`engine`, '$.prompt.key'), CAST(strftime('%s', 'now') AS INTEGER) * 1000);
END;--> statement-breakpoint
-- A draft published as an open voice hands its clip on (the voice takes the draft's recording as its source).
CREATE TRIGGER `voice_drafts_prompt_forget` AFTER DELETE ON `voice_drafts`
	WHEN json_valid(OLD.`engine`) AND json_type(OLD.`engine`, '$.prompt.key') = 'text'
		AND NOT EXISTS (SELECT 1 FROM `voices` WHERE `owner_id` = OLD.`member_id` AND `source_key` = OLD.`audio_key`) BEGIN
	INSERT OR IGNORE INTO `remote_voice_deletions` (`source_id`, `remote_id`, `created_at`)
		VALUES ('draft:' || OLD.`id`, json_extract(OLD.`engine`, '$.prompt.key'), CAST(strftime('%s', 'now') AS INTEGER) * 1000);
END;
