// Moved to domain/billing/ (issue 14). Kept only for workers/api/src/index.ts, which another change of issue 14
// moves; delete this file once the entry imports `runBilling` from "./domain/billing/renewal".
export { runBilling } from "../domain/billing/renewal";
