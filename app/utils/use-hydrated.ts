import { useEffect, useState } from "react";

/** True once the page runs its JavaScript (the server and the first render say false). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
