import { useLoaderData } from "@remix-run/react";
import { LegalDocument } from "~/components/legal/LegalDocument";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./terms.$doc.server";

export { loader } from "./terms.$doc.server";

export const meta = pageMetaTags;

export default function TermsDocument() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalDocument doc={doc} />;
}
