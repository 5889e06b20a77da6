import { describe, expect, it } from "vitest";
import { formatDuration, progressBar } from "./progress-bar.js";

function stream(isTTY: boolean) {
  const written: string[] = [];
  return {
    written,
    stream: {
      isTTY,
      columns: 200,
      write: (chunk: string) => (written.push(chunk), true),
    } as unknown as NodeJS.WriteStream,
  };
}

describe("progressBar", () => {
  it("shows an ETA from the mean time per item so far", () => {
    let now = 0;
    const { written, stream: out } = stream(true);
    const bar = progressBar("record", out, () => now);
    now = 10_000;
    bar.update(2, 10, "x");
    expect(written.at(-1)).toContain("2/10 ETA 40 s x");
    now = 70_000;
    bar.update(5, 10);
    expect(written.at(-1)).toContain("5/10 ETA 1 min 10 s");
    bar.done("5 cells");
    expect(written.at(-1)).toBe("record: 5 cells in 1 min 10 s\n");
  });

  it("writes a line per tenth when stderr is not a terminal", () => {
    let now = 0;
    const { written, stream: out } = stream(false);
    const bar = progressBar("record", out, () => now);
    for (let done = 1; done <= 20; done++) {
      now += 1000;
      bar.update(done, 20);
    }
    expect(written).toHaveLength(11);
    expect(written[0]).toBe("record: 1/20 ETA 19 s\n");
    expect(written[1]).toBe("record: 2/20 ETA 18 s\n");
    expect(written.at(-1)).toBe("record: 20/20\n");
  });

  it("formats durations", () => {
    expect(formatDuration(3725)).toBe("1 h 02 min");
    expect(formatDuration(65)).toBe("1 min 05 s");
    expect(formatDuration(0.4)).toBe("0 s");
  });
});
