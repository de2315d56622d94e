import { describe, expect, it } from "vitest";
import { firstMonthPrice } from "#contracts/billing";

// The first month's price is said once (contracts/billing.ts): the api charges it and the plan cards show it.
describe("firstMonthPrice", () => {
  it.each([
    [9900, "KRW", 4950],
    [19_900, "KRW", 9950],
    [29_990, "KRW", 15_000],
    [7999, "USD", 4000],
    [999, "USD", 500],
    [1, "USD", 1],
    [0, "KRW", 0],
  ] as const)("%d %s -> %d", (list, currency, first) => {
    expect(firstMonthPrice(list, currency)).toBe(first);
  });
});
