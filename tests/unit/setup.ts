import { afterEach, beforeEach, vi } from "vitest";

// A test that logs console.error fails (house style): errors must be asserted, not printed.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c: unknown[]) => c.join(" ")).join("\n")}`);
});
