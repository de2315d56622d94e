-- A take records the language it was read in and the pause after it, so picking it brings them back with its
-- audio (older takes have neither: picking one keeps the paragraph's).
ALTER TABLE `paragraph_takes` ADD `lang` text;--> statement-breakpoint
ALTER TABLE `paragraph_takes` ADD `pause_ms` integer;