// Moved to integrations/payments/ (issue 14). Kept only for workers/api/src/index.ts, which another change of
// issue 14 moves; delete this file once the entry imports `cardGateway` from "./integrations/payments/gateways".
export { cardGateway } from "../../integrations/payments/gateways";
