-- How a conversion was made (docs/decisions/0061): register (embedded engine) or resynthesis (Xinference).
ALTER TABLE `inferences` ADD `conversion` text;