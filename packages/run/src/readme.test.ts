import { readFile } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { closeChildPool, run } from "./node.js";

afterAll(() => closeChildPool());

describe("README usage example", () => {
  it("runs as written, in a child process", async () => {
    const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain('import { run } from "@lackpy/run/node";');
    expect(readme).toContain('tools: { find_files: async () => ["a.ts", "b.ts"] },');

    const result = await run(`const files = find_files("*")\nlen(files)`, {
      tools: { find_files: async () => ["a.ts", "b.ts"] },
      mode: "isolated",
      limits: { timeoutMs: 2000 },
    });
    expect(result).toMatchObject({
      success: true,
      output: 2,
      trace: [{ tool: "find_files", success: true }],
      stats: { toolCalls: 1 },
    });
  });

  it("runs the secret parameters example as written", async () => {
    const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain(
      'tools: { login: async (user, key) => user === "ada" && key === "s3cret" },',
    );
    const signedIn = await run(`login(creds.user, creds.key)`, {
      tools: { login: async (user: string, key: string) => user === "ada" && key === "s3cret" },
      params: { creds: { user: "ada", key: "s3cret" } },
      secretParams: ["creds"],
      mode: "isolated",
    });
    expect(signedIn.output).toBe(true);
    expect(signedIn.trace[0].args).toEqual(["[secret:creds.user]", "[secret:creds.key]"]);
  });
});
