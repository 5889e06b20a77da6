import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "./cli.js";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
  return { out: () => out.join(""), err: () => err.join("") };
}

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe("eval command line", () => {
  it("prints help with every command", async () => {
    const io = capture();
    expect(await main(["help"])).toBe(0);
    for (const command of ["record", "synth", "replay", "bench"])
      expect(io.out()).toContain(command);
    expect(await main([])).toBe(2);
  });

  it("answers usage errors with a message, a hint and exit code 2", async () => {
    const io = capture();
    expect(await main(["frobnicate"])).toBe(2);
    expect(io.err()).toContain("Unknown command 'frobnicate'");
    expect(await main(["record", "--model", "m"])).toBe(2);
    expect(io.err()).toContain("--provider must be ollama or anthropic");
    expect(
      await main(["record", "--provider", "ollama", "--model", "m", "--variants", "fancy"]),
    ).toBe(2);
    expect(io.err()).toContain("Unknown prompt variant fancy");
    expect(await main(["record", "--provider", "ollama", "--model", "m", "--trials", "0"])).toBe(2);
    expect(await main(["bench", "--nope"])).toBe(2);
    expect(io.err()).toContain("hint: pnpm --filter @lackpy/eval eval help");
  });

  it("reports a file-system error with its code, not a stack trace", async () => {
    const io = capture();
    const code = await main(["bench", "--out", "/dev/null/reports"]);
    expect(code).toBe(1);
    expect(io.err()).toMatch(/^error \(ENOTDIR\): /m);
    expect(io.err()).not.toMatch(/\n\s+at /);
  });

  it("says how to start Ollama when record finds no server", async () => {
    const io = capture();
    const code = await main([
      "record",
      "--provider",
      "ollama",
      "--model",
      "m",
      "--host",
      "http://127.0.0.1:9",
    ]);
    expect(code).toBe(1);
    expect(io.err()).toContain("No Ollama server answers at http://127.0.0.1:9");
    expect(io.err()).toContain("ollama serve");
  });
});
