import { Suspense } from "react";
import { renderToString } from "react-dom/server";
// The worker's renderer (entry.server.tsx streams with it); Node's default build of react-dom/server has none.
// @ts-expect-error -- @types/react-dom has no declaration for the browser build; it is react-dom/server's API.
import { renderToReadableStream as browserRender } from "react-dom/server.browser";

const renderToReadableStream = browserRender as typeof import("react-dom/server").renderToReadableStream;
import { describe, expect, it } from "vitest";
import { onUse } from "~/components/shell/on-use";

// Issue 19 (docs/decisions/0050): a part loaded on use renders on the server in place, inside the same Suspense
// boundary the browser hydrates, without loading anything or suspending (the streamed document must carry it).

function Dialog({ title }: { title: string }) {
  return <dialog open>{title}</dialog>;
}

describe("onUse", () => {
  it("renders the part in place on the server, in a Suspense boundary, without calling the loader", async () => {
    let loads = 0;
    const Part = onUse(async () => {
      loads++;
      return Dialog;
    }, Dialog);
    const html = renderToString(<Part title="Usage" />);
    expect(html).toBe(
      renderToString(
        <Suspense fallback={null}>
          <Dialog title="Usage" />
        </Suspense>,
      ),
    );
    expect(html).toContain("<dialog open");
    expect(html).toContain("Usage");
    // The streamed document has it in place: no fallback, no hidden segment swapped in later by a script.
    const stream = await renderToReadableStream(<Part title="Usage" />);
    const streamed = await new Response(stream).text();
    expect(streamed).toContain("<dialog open");
    expect(streamed).not.toMatch(/<template|\$RC|hidden id="S:/);
    expect(loads).toBe(0);
  });

  it("without the server component, loads the part on first render and shows nothing until then", async () => {
    let loads = 0;
    const Part = onUse(async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Dialog;
    }, false);
    // Suspended: the stream starts with the boundary's fallback (nothing) and sends the part later, in a hidden
    // segment that a script moves into place: why the server must render the part itself.
    const stream = await renderToReadableStream(<Part title="Later" />);
    const streamed = await new Response(stream).text();
    expect(loads).toBe(1);
    expect(streamed).toContain("Later");
    expect(streamed).toMatch(/<template|\$RC|hidden id="S:/);
  });
});
