-- docs/decisions/0045: a work-history result is deleted with a short undo window. It leaves every list,
-- look-up and share page at once, can be brought back for 30 s, and is purged with its audio after.
ALTER TABLE `inferences` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `inferences_deleted` ON `inferences` (`deleted_at`);
