import { describe, expect, it } from "vitest";
import { deathError } from "./death-error.js";

const HEAP_ABORT = `<--- Last few GCs --->\n[1:0x5]  120 ms: Mark-Compact 63.9 (66.4) -> 63.8 (66.6) MB\n\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n`;

describe("deathError", () => {
  it.each([
    ["a heap abort", { code: null, signal: "SIGABRT", stderr: HEAP_ABORT }, "limit_memory"],
    [
      "an invalid array length abort",
      {
        code: null,
        signal: "SIGABRT",
        stderr:
          "FATAL ERROR: invalid array length Allocation failed - JavaScript heap out of memory",
      },
      "limit_memory",
    ],
    [
      "a heap abort seen as an exit code",
      { code: 134, signal: null, stderr: HEAP_ABORT },
      "limit_memory",
    ],
    [
      "a SIGABRT without a heap message",
      { code: null, signal: "SIGABRT", stderr: "" },
      "runtime_error",
    ],
    ["a SIGKILL", { code: null, signal: "SIGKILL", stderr: "" }, "runtime_error"],
    [
      "an exit code",
      { code: 1, signal: null, stderr: "Error: Cannot find module" },
      "runtime_error",
    ],
  ] as const)("tells %s apart", (_name, death, code) => {
    expect(deathError(death, 64).code).toBe(code);
  });

  it("names the limit, the signal or the exit code, never what the child wrote", () => {
    expect(deathError({ code: null, signal: "SIGABRT", stderr: HEAP_ABORT }, 64))
      .toMatchInlineSnapshot(`
      {
        "code": "limit_memory",
        "hint": "work on smaller pieces of data, or fewer copies of it at once",
        "message": "The program used more than 64 MiB of memory and was stopped.",
      }
    `);
    expect(deathError({ code: null, signal: "SIGSEGV", stderr: "/home/user/secret/path" }, 64))
      .toMatchInlineSnapshot(`
      {
        "code": "runtime_error",
        "hint": "run the program again",
        "message": "The process running the program stopped unexpectedly (it was killed by SIGSEGV).",
      }
    `);
    expect(deathError({ code: 3, signal: null, stderr: "/home/user/secret/path" }, 64))
      .toMatchInlineSnapshot(`
      {
        "code": "runtime_error",
        "hint": "run the program again",
        "message": "The process running the program stopped unexpectedly (it exited with code 3).",
      }
    `);
    expect(deathError({ code: null, signal: null, stderr: "spawn EAGAIN" }, 64))
      .toMatchInlineSnapshot(`
      {
        "code": "runtime_error",
        "hint": "run the program again",
        "message": "The process running the program stopped unexpectedly (it could not be started).",
      }
    `);
  });
});
