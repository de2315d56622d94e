export const INQUIRY_LIMITS = { images: 5, imageMB: 5, content: 5000 } as const;
export const INQUIRY_CATEGORIES = ["account", "service", "payment", "other"] as const;
export type InquiryCategory = (typeof INQUIRY_CATEGORIES)[number];
/** What the file inputs accept (the api decides by content). */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";

/** Spec section 4: 0 received, 1 waiting, anything else completed. */
export const stateName = (state: number) => (state === 0 ? "received" : state === 1 ? "waiting" : "completed");

/** The image files of a submitted form (an empty file input sends one nameless, empty part). */
export const imagesOf = (form: FormData) =>
  form.getAll("image").filter((v): v is File => v instanceof File && (v.size > 0 || v.name !== ""));

export type InquiryImage = { id: string; originalname: string; url: string };
