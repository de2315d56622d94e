CREATE INDEX `projects_member_updated` ON `projects` (`member_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `paragraphs_project_position` ON `paragraphs` (`project_id`,`position`);
