import { describe, expect, it } from "vitest";
import { isSupportedNode, MINIMUM_NODE, unsupportedNodeMessage } from "./node-version.ts";

describe("the Node version check at start", () => {
  it("accepts the minimum and anything newer", () => {
    expect(isSupportedNode(MINIMUM_NODE)).toBe(true);
    expect(isSupportedNode("v24.21.0")).toBe(true);
    expect(isSupportedNode("24.11.1")).toBe(true);
    expect(isSupportedNode("26.0.0")).toBe(true);
  });

  it("refuses older releases, Node 20 and 22 included", () => {
    expect(isSupportedNode("v20.20.2")).toBe(false);
    expect(isSupportedNode("22.22.0")).toBe(false);
    expect(isSupportedNode("24.10.0")).toBe(false);
    expect(isSupportedNode("23.99.99")).toBe(false);
  });

  it("says what to do instead", () => {
    const message = unsupportedNodeMessage("v20.20.2");
    expect(message).toContain("v20.20.2");
    expect(message).toContain("npm start");
    expect(message).toContain(".nvmrc");
  });
});
