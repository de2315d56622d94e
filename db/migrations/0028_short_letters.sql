ALTER TABLE `video_letters` ADD `template` text;
