import { describe, expect, it } from "vitest";
import { memoryIo } from "./cli-io.js";
import { terminalIo } from "./terminal-io.js";
import { progressMessage } from "@lackpy/service";
import { COUNTS_AFTER_MS, createSpinner, showProgress, useProgressWords } from "./spinner.js";

// As the command context sets them when it loads the service.
useProgressWords(progressMessage);

const run = (elapsedMs: number) =>
  ({ kind: "run", steps: 500, toolCalls: 12, filesRead: 3, elapsedMs }) as const;

/** A spinner on a terminal (an io that says so), and what it wrote. */
function terminal() {
  const io = { ...memoryIo(), isTTY: true };
  let err = "";
  io.stderr = (text: string) => void (err += text);
  return { spinner: createSpinner(terminalIo(io)), written: () => err };
}

describe("showProgress", () => {
  it("shows a run's tool calls, files read and time on a terminal once it has run a second", () => {
    const { spinner, written } = terminal();
    showProgress(spinner, run(COUNTS_AFTER_MS - 1), true);
    expect(written()).toBe("");
    showProgress(spinner, run(4200), true);
    spinner.stop();
    expect(written()).toContain("running: 12 tool calls, 3 files read, 4.2 s");
    expect(written().endsWith("\r\u001B[2K")).toBe(true);
  });

  it("shows no counts off a terminal, and the tier as before", () => {
    const io = memoryIo();
    const spinner = createSpinner(terminalIo(io));
    showProgress(spinner, run(5000), false);
    showProgress(spinner, { kind: "tier", provider: "rules", tier: "rules" }, false);
    expect(io.err).toBe("… generating with rules (rules)\n");
  });
});
