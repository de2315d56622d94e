-- docs/decisions/0038: a shared result can answer another one ("reply with my voice"). The reply
-- keeps the result it answers; deleting that result (or its member) leaves the reply without the link.
ALTER TABLE `inferences` ADD `reply_to` text REFERENCES inferences(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `inferences_reply_to` ON `inferences` (`reply_to`);
