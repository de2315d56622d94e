import { describe, expect, it } from "vitest";
import { currencyFor, formatPrice, formatSlots } from "~/lib/plans";

describe("plan prices and slots", () => {
  it("charges KRW in Korea and USD everywhere else", () => {
    expect(currencyFor("KR")).toBe("KRW");
    expect(currencyFor("US")).toBe("USD");
    expect(currencyFor("JP")).toBe("USD");
  });

  it("formats prices the way each locale reads them", () => {
    expect(formatPrice(99900, "KRW", "ko")).toBe("99,900원");
    expect(formatPrice(99900, "KRW", "en")).toBe("₩99,900");
    expect(formatPrice(3.99, "USD", "ko")).toBe("$3.99");
  });

  it("shows slots in ko-KR numbers and ∞ for unlimited", () => {
    expect(formatSlots(5)).toBe("5");
    expect(formatSlots(1000)).toBe("1,000");
    expect(formatSlots(-1)).toBe("∞");
  });
});
