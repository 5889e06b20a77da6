import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

// The compare is node's; counting its calls shows every known token is compared, whatever matched.
const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls += 1;
      return actual.timingSafeEqual(a, b);
    },
  };
});

const { loadTokens, parseTokensFile, parseTokensVariable, tokenId, TokenTable } =
  await import("./bearer-tokens.js");

const A = "aaaaaaaaaaaaaaaaaaaa-1";
const B = "bbbbbbbbbbbbbbbbbbbb-2";
const C = "cccccccccccccccccccc-3";
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe("TokenTable.authenticate", () => {
  const table = new TokenTable([
    { token: A, workspaces: null },
    { token: B, workspaces: ["acme-api"] },
    { token: C, workspaces: null },
  ]);

  it.each([
    ["the first token", `Bearer ${A}`, tokenId(A)],
    ["the last token", `Bearer ${C}`, tokenId(C)],
    ["a case-insensitive scheme", `bearer ${B}`, tokenId(B)],
    ["no header", undefined, null],
    ["another scheme", `Basic ${A}`, null],
    ["a prefix of a token", `Bearer ${A.slice(0, -1)}`, null],
    ["a token with more after it", `Bearer ${A}x`, null],
    ["two tokens", `Bearer ${A} ${B}`, null],
  ])("compares every known token in constant time: %s", (_name, header, id) => {
    compared.calls = 0;
    expect(table.authenticate(header)?.id ?? null).toBe(id);
    expect(compared.calls).toBe(3);
  });

  it("gives the token's workspaces", () => {
    expect(table.authenticate(`Bearer ${B}`)).toEqual({ id: tokenId(B), workspaces: ["acme-api"] });
  });
});

describe("reading tokens", () => {
  it("reads a tokens file: one per line, workspaces after it, comments and blank lines skipped", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-tokens-"));
    folders.push(folder);
    const file = path.join(folder, "tokens");
    await writeFile(file, `# team\n${A}\n\n${B} acme-api web  # limited\n`);
    expect(await loadTokens({ file, env: { LACKPY_MCP_TOKENS: `${C}:docs` } })).toEqual([
      { token: A, workspaces: null },
      { token: B, workspaces: ["acme-api", "web"] },
      { token: C, workspaces: ["docs"] },
    ]);
  });

  it.each([
    ["a short token", "short-token", "shorter than 16"],
    ["a token with a comma in the file", `${A},x`, "characters a bearer token cannot hold"],
    ["a bad workspace name", `${A} ../up`, "not a workspace name"],
  ])("refuses %s without printing it", (_name, line, message) => {
    let error: Error | null = null;
    try {
      parseTokensFile(line, "tokens");
    } catch (caught) {
      error = caught as Error;
    }
    expect(error).toMatchObject({
      code: "invalid_token",
      message: expect.stringContaining(message),
    });
    expect(error!.message).not.toContain(line.split(/\s/)[0]);
  });

  it("reads LACKPY_MCP_TOKENS: comma-separated, workspaces after colons", () => {
    expect(parseTokensVariable(` ${A} ,${B}:acme-api:web,`)).toEqual([
      { token: A, workspaces: null },
      { token: B, workspaces: ["acme-api", "web"] },
    ]);
  });

  it("names a tokens file it cannot read, not its content", async () => {
    await expect(loadTokens({ file: "/nonexistent/tokens" })).rejects.toMatchObject({
      code: "invalid_option",
      message: expect.stringContaining("/nonexistent/tokens: ENOENT"),
    });
  });
});
