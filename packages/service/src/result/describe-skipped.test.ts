import { describe, expect, it } from "vitest";
import { describeSkipped } from "./describe-skipped.js";

describe("describeSkipped", () => {
  it("lists each reason after its count, in the run's order, singular for one", () => {
    expect(
      describeSkipped([
        { reason: "files under node_modules", count: 195_973 },
        { reason: "binary files", count: 12 },
        { reason: "hidden paths", count: 1 },
        { reason: "special files (symlinks, FIFOs, sockets)", count: 1 },
      ]),
    ).toBe(
      "195,973 files under node_modules, 12 binary files, 1 hidden path, 1 special file (symlinks, FIFOs, sockets)",
    );
  });

  it("is empty when nothing was left out", () => {
    expect(describeSkipped(undefined)).toBe("");
    expect(describeSkipped([])).toBe("");
  });
});
