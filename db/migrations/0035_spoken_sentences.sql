-- The spoken sentences of a paragraph's audio and of each take (db/schema/studio.ts `sentences`): each sentence's start
-- and end in the audio and its words, for the project's subtitles. Audio made before has none (one cue per paragraph).
ALTER TABLE `paragraph_takes` ADD `sentences` text;--> statement-breakpoint
ALTER TABLE `paragraphs` ADD `sentences` text;