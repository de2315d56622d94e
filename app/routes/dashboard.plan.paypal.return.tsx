import { paypalReturn } from "./dashboard.plan.paypal.return.server";

/**
 * Where PayPal sends the member after approving an order (return_url of /payment/paypal_order):
 * capture, then save the purchase or the upgrade, then /dashboard/plan with a toast. A resource
 * route: it only redirects.
 */
export const loader = paypalReturn;
