import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TokenTable, tokenDigest, tokenId } from "./bearer-tokens.js";
import { revokeTokenLines, tokenLine } from "./token-lines.js";
import { loadTokens, parseTokensFile, parseTokensVariable } from "./tokens-file.js";

const A = "aaaaaaaaaaaaaaaaaaaa-1";
const B = "bbbbbbbbbbbbbbbbbbbb-2";
const C = "cccccccccccccccccccc-3";
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe("reading tokens", () => {
  it("reads a tokens file: digests or plain tokens, role=, rate=, workspaces, comments", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-tokens-"));
    folders.push(folder);
    const file = path.join(folder, "tokens");
    await writeFile(
      file,
      `# team\nsha256:${tokenDigest(A)} role=admin\n\n${B} rate=30 acme-api web  # limited\n`,
    );
    expect(await loadTokens({ file, env: { LACKPY_MCP_TOKENS: `${C}:role=read:docs` } })).toEqual([
      { sha256: tokenDigest(A), workspaces: null, role: "admin" },
      { token: B, plain: true, workspaces: ["acme-api", "web"], ratePerMinute: 30 },
      { token: C, workspaces: ["docs"], role: "read" },
    ]);
  });

  it.each([
    ["a short token", "short-token", "shorter than 16"],
    ["a token with a comma in the file", `${A},x`, "characters a bearer token cannot hold"],
    ["a bad workspace name", `${A} ../up`, "'../up' is not a workspace name, role= or rate="],
    ["an unknown role", `${A} role=root`, "'root' is not a role"],
    ["a rate that is not a count", `${A} rate=fast`, "rate=fast is not a whole number"],
  ])("refuses %s without printing the token", (_name, line, message) => {
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

  it("reads LACKPY_MCP_TOKENS: comma-separated, role and workspaces after colons, digests too", () => {
    expect(
      parseTokensVariable(` ${A} ,${B}:role=create:acme-api:web,sha256:${tokenDigest(C)}:docs,`),
    ).toEqual([
      { token: A, plain: true, workspaces: null },
      { token: B, plain: true, workspaces: ["acme-api", "web"], role: "create" },
      { sha256: tokenDigest(C), workspaces: ["docs"] },
    ]);
  });

  it("names a tokens file it cannot read, not its content", async () => {
    await expect(loadTokens({ file: "/nonexistent/tokens" })).rejects.toMatchObject({
      code: "invalid_option",
      message: expect.stringContaining("/nonexistent/tokens: ENOENT"),
    });
  });
});

describe("tokenLine and revokeTokenLines", () => {
  it("writes a line that keeps the token's digest, not the token, and that the table accepts", () => {
    const line = tokenLine(A, { role: "run", workspaces: ["acme-api"] });
    expect(line).toBe(`sha256:${tokenDigest(A)} role=run acme-api`);
    expect(line).not.toContain(A);
    const table = new TokenTable(parseTokensFile(line, "tokens"));
    expect(table.authenticate(`Bearer ${A}`)).toEqual({
      id: tokenId(A),
      workspaces: ["acme-api"],
      role: "run",
    });
  });

  it("removes every line of one token id, plain or hashed, and keeps the rest as it was", () => {
    const text = `# team\n${tokenLine(A, { role: "write" })}\n${B} web\n${tokenLine(C, { role: "read" })}\n${A}\n`;
    const { text: kept, removed } = revokeTokenLines(text, tokenId(A));
    expect(removed).toBe(2);
    expect(kept).toBe(`# team\n${B} web\n${tokenLine(C, { role: "read" })}\n`);
    expect(revokeTokenLines(kept, "tok_0000000000000000")).toEqual({ text: kept, removed: 0 });
  });
});
