import { describe, expect, it } from "vitest";
import { CardSchema } from "~/lib/billing-schemas";

const card = (over: Record<string, string>) => ({
  card_type: "personal",
  card_number1: "4242",
  card_number2: "4242",
  card_number3: "4242",
  card_number4: "4242",
  expiry_month: "12",
  expiry_year: "31",
  birth: "900101",
  pwd_2digit: "12",
  ...over,
});

const birthIssues = (over: Record<string, string>) =>
  (CardSchema.safeParse(card(over)).error?.issues ?? []).filter((i) => i.path.join(".") === "birth").map((i) => i.message);

describe("the card form's birth date (its error shows once)", () => {
  it.each(["", "12", "9901011", "99-13-32x"])("a value of the wrong length (%j) gets one message", (birth) => {
    expect(birthIssues({ birth })).toEqual(["errors.birth"]);
  });

  it("a six-digit value that is no date gets one message", () => {
    expect(birthIssues({ birth: "991332" })).toEqual(["errors.birth"]);
  });

  it("a corporate card with a bad business number gets one message", () => {
    expect(birthIssues({ card_type: "corporate", birth: "123" })).toEqual(["errors.birth"]);
    expect(birthIssues({ card_type: "corporate", birth: "900101" })).toEqual(["errors.business"]);
  });

  it("a good date passes", () => {
    expect(birthIssues({ birth: "900101" })).toEqual([]);
  });
});
