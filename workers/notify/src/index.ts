// The worker entry exports only handlers (workerd rejects other named exports); the app lives in app.ts.
import { app } from "./app";

export default app;
