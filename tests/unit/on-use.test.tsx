// The memo of parts loaded on use (app/components/shell/on-use.tsx): a page's re-render with the same props must not
// reach a part still dehydrated (React's #421; tests/e2e/editor.spec.ts holds the page), and a real change must.
import { describe, expect, it } from "vitest";
import { sameProps } from "~/components/shell/on-use";

describe("sameProps", () => {
  it("the same values, and plain data made anew with the same content, are the same props", () => {
    expect(sameProps({ src: "/a.wav", label: "1번 문단", height: 64 }, { src: "/a.wav", label: "1번 문단", height: 64 })).toBe(true);
    expect(sameProps({ fields: { intent: "delete", paragraph: "p1" } }, { fields: { intent: "delete", paragraph: "p1" } })).toBe(true);
    expect(sameProps({ fields: [["intent", "restore-version"]] }, { fields: [["intent", "restore-version"]] })).toBe(true);
  });

  it("a changed value, a new function, another key or a React element is a new render", () => {
    expect(sameProps({ src: "/a.wav" }, { src: "/b.wav" })).toBe(false);
    expect(sameProps({ fields: { paragraph: "p1" } }, { fields: { paragraph: "p2" } })).toBe(false);
    expect(sameProps({ go: () => 1 }, { go: () => 1 })).toBe(false);
    expect(sameProps({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameProps({ at: new Date(0) }, { at: new Date(0) })).toBe(false);
    const owner: Record<string, unknown> = {};
    owner.self = owner; // a fiber refers to itself
    const element = (key: string) => ({ $$typeof: Symbol.for("react.element"), type: "p", key, props: {}, _owner: owner });
    expect(sameProps({ children: element("a") }, { children: element("a") })).toBe(false);
    expect(() => sameProps({ list: [element("a")] }, { list: [element("a")] })).not.toThrow();
  });
});
