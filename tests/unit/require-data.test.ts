import { describe, expect, it } from "vitest";
import { requireData, statusForCode } from "~/utils/api.server";
import { Code } from "#contracts/codes";

const refused = (code: number) => ({ success: false, code, data: null, message: "x" }) as const;

describe("requireData: an envelope as data or the status the error boundary renders", () => {
  it("answers the data of a successful envelope", () => {
    expect(requireData({ success: true, code: Code.OK, data: { id: "p1" }, message: "" })).toEqual({ id: "p1" });
  });

  it("throws 404 for a missing or someone else's resource (also a success without data), 429 when limited, 400 when malformed, 503 otherwise", () => {
    const status = (envelope: Parameters<typeof requireData>[0]) => {
      try {
        requireData(envelope);
      } catch (thrown) {
        expect(thrown).toBeInstanceOf(Response);
        return (thrown as Response).status;
      }
      throw new Error("nothing thrown");
    };
    expect(status(refused(Code.NOT_FOUND))).toBe(404);
    expect(status(refused(Code.VOICE_NOT_FOUND))).toBe(404);
    expect(status({ success: true, code: Code.OK, data: null, message: "" })).toBe(404);
    expect(status(refused(Code.RATE_LIMITED))).toBe(429);
    // A bad request (the api's 4000) is 400, not 503: /admin/members?email=x had answered 503.
    expect(status(refused(Code.BAD_REQUEST))).toBe(400);
    expect(status(refused(Code.INTERNAL))).toBe(503);
    expect(statusForCode(Code.GATEWAY_FAILED)).toBe(503);
  });
});
