// The worker entry exports only handlers and Durable Object classes (workerd rejects anything
// else); the app is built in app.ts.
import { createApp } from "./app";
import type { AppEnv } from "./env";

export { GenerationJob } from "./durable/generation-job";

export default createApp() satisfies ExportedHandler<AppEnv["Bindings"]>;
