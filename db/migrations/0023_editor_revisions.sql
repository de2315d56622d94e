-- docs/decisions/0037: the TTS editor's autosave. A revision number per project (a save from a
-- stale page is refused), a soft delete with a short undo window, and the last saved versions of a project.
ALTER TABLE `projects` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `projects_deleted` ON `projects` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `project_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`revision` integer NOT NULL,
	`paragraphs` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_versions_project` ON `project_versions` (`project_id`,`updated_at`);
