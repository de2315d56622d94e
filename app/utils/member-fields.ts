/** The profile's gender choices ("" = not given), apart from the schemas so the settings page does not load zod. */
export const GENDERS = ["", "male", "female", "other"] as const;
