import { describe, expect, it } from "vitest";
import { isJobFinished, jobPercent } from "./jobs.ts";

describe("job progress", () => {
  it("is 0 % while the total is unknown or zero", () => {
    expect(jobPercent({ done: 0, total: null })).toBe(0);
    expect(jobPercent({ done: 5, total: 0 })).toBe(0);
  });

  it("rounds down, so 100 % means every row is done", () => {
    expect(jobPercent({ done: 199, total: 200 })).toBe(99);
    expect(jobPercent({ done: 200, total: 200 })).toBe(100);
    expect(jobPercent({ done: 250, total: 200 })).toBe(100);
  });

  it("knows which statuses are final", () => {
    expect(isJobFinished("queued")).toBe(false);
    expect(isJobFinished("running")).toBe(false);
    expect(isJobFinished("succeeded")).toBe(true);
    expect(isJobFinished("failed")).toBe(true);
  });
});
