import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "./cli.js";
import { loadFixture } from "./inputs/fixtures.js";
import { loadIntents } from "./inputs/intents.js";
import { startSyntheticServer } from "./synthetic/model-server.js";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
  return { out: () => out.join(""), err: () => err.join("") };
}

const initCwd = process.env.INIT_CWD;
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
  if (initCwd === undefined) delete process.env.INIT_CWD;
  else process.env.INIT_CWD = initCwd;
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
    expect(await main(["bench", "--max-template-wrong-share", "2"])).toBe(2);
    expect(io.err()).toContain(
      "--max-template-wrong-share must be a share between 0 and 1, got '2'.",
    );
    expect(await main(["bench", "--seeds", "0"])).toBe(2);
    expect(
      await main(["record", "--provider", "ollama", "--model", "m", "--concurrency", "x"]),
    ).toBe(2);
    expect(io.err()).toContain("--concurrency must be a whole number of at least 1, got 'x'.");
    expect(
      await main(["record", "--provider", "ollama", "--model", "m", "--intents", "no-such-intent"]),
    ).toBe(2);
    expect(io.err()).toContain("--intents no-such-intent matches no intent id.");
  });

  it("records only the intents asked for, into --out relative to the folder the command ran in", async () => {
    const io = capture();
    const server = await startSyntheticServer(await loadIntents());
    const dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-"));
    process.env.INIT_CWD = dir;
    try {
      const code = await main([
        "record",
        "--provider",
        "ollama",
        "--model",
        "sim-stubborn",
        "--host",
        server.url,
        "--intents",
        "count-*,todo-count",
        "--limit",
        "2",
        "--variants",
        "baseline",
        "--trials",
        "1",
        "--no-paraphrases",
        "--out",
        "fixtures/stubborn.jsonl",
      ]);
      expect(code).toBe(0);
      const fixture = await loadFixture(path.join(dir, "fixtures", "stubborn.jsonl"));
      expect(new Set(fixture.records.map((record) => record.intentId))).toEqual(
        new Set(["count-calls-name", "todo-count"]),
      );
      expect(io.err()).toMatch(
        /2 cells recorded \(2 calls, 0 retries\).* → fixtures\/stubborn\.jsonl in \d+ s/,
      );
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("says a quick check is partial, and --resume records the rest with the file's plan", async () => {
    const io = capture();
    const server = await startSyntheticServer(await loadIntents());
    const dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-"));
    process.env.INIT_CWD = dir;
    const record = (...args: string[]) =>
      main([
        "record",
        "--provider",
        "ollama",
        "--model",
        "sim-stubborn",
        "--host",
        server.url,
        "--out",
        "s.jsonl",
        ...args,
      ]);
    try {
      expect(await record("--resume")).toBe(1);
      expect(io.err()).toContain("error (no_fixture): There is no recording to resume at ");
      expect(
        await record("--limit", "3", "--trials", "1", "--variants", "baseline", "--no-paraphrases"),
      ).toBe(0);
      expect(io.err()).toContain(
        "partial: 3 of 73 intents recorded; `pnpm --filter @lackpy/eval eval record --provider ollama --model sim-stubborn --out s.jsonl --resume` records the other 70",
      );
      const before = io.err().length;
      expect(await record("--resume")).toBe(0);
      const resumed = io.err().slice(before);
      expect(resumed).toMatch(/70 cells recorded \(70 calls, 0 retries\), 3 already there/);
      expect(resumed).not.toContain("partial:");
      const fixture = await loadFixture(path.join(dir, "s.jsonl"));
      // The quick check's plan: one trial of the baseline variant, no paraphrases.
      expect(fixture.meta.plan).toEqual({
        variants: ["baseline"],
        trials: 1,
        paraphrases: false,
        temperature: 0.7,
      });
      expect(new Set(fixture.records.map((record) => record.intentId)).size).toBe(73);
      expect(
        fixture.records.every(
          (record) =>
            record.trial === 1 &&
            record.promptVariant === "baseline" &&
            !/@p/.test(record.intentId!),
        ),
      ).toBe(true);
      expect(await record("--resume", "--replace")).toBe(2);
      expect(io.err()).toContain("--resume continues the file and --replace starts it over");
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

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
