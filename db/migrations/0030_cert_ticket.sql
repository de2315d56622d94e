-- Certification tickets (docs/decisions/0056): a successful code check answers a ticket; the sign-up or the password reset that
-- follows must present it (its hash is kept here), so an address's certification is usable only by who checked the code.
ALTER TABLE `email_certs` ADD `ticket_hash` text;