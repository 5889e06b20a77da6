import { describe, expect, it, vi } from "vitest";

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

const { tokenDigest, tokenId, TokenTable } = await import("./bearer-tokens.js");

const A = "aaaaaaaaaaaaaaaaaaaa-1";
const B = "bbbbbbbbbbbbbbbbbbbb-2";
const C = "cccccccccccccccccccc-3";

describe("TokenTable.authenticate", () => {
  const table = new TokenTable([
    { token: A, workspaces: null },
    { sha256: tokenDigest(B), workspaces: ["acme-api"], role: "admin", ratePerMinute: 30 },
    { token: C, workspaces: null, role: "read" },
  ]);

  it.each([
    ["the first token", `Bearer ${A}`, tokenId(A)],
    ["the last token", `Bearer ${C}`, tokenId(C)],
    ["a token kept as its digest, case-insensitive scheme", `bearer ${B}`, tokenId(B)],
    ["no header", undefined, null],
    ["another scheme", `Basic ${A}`, null],
    ["a prefix of a token", `Bearer ${A.slice(0, -1)}`, null],
    ["a token with more after it", `Bearer ${A}x`, null],
    ["two tokens", `Bearer ${A} ${B}`, null],
    ["the digest itself", `Bearer ${tokenDigest(A)}`, null],
  ])("compares every known token in constant time: %s", (_name, header, id) => {
    compared.calls = 0;
    expect(table.authenticate(header)?.id ?? null).toBe(id);
    expect(compared.calls).toBe(3);
  });

  it("gives the token's workspaces, role (write by default) and rate", () => {
    expect(table.authenticate(`Bearer ${B}`)).toEqual({
      id: tokenId(B),
      workspaces: ["acme-api"],
      role: "admin",
      ratePerMinute: 30,
    });
    expect(table.authenticate(`Bearer ${A}`)).toEqual({
      id: tokenId(A),
      workspaces: null,
      role: "write",
    });
  });

  it("refuses a token from the moment the table no longer has it (a reload revokes)", () => {
    const reloaded = new TokenTable([
      { token: A, workspaces: null },
      { token: B, workspaces: null },
    ]);
    expect(reloaded.authenticate(`Bearer ${B}`)?.id).toBe(tokenId(B));
    reloaded.replace([{ token: A, workspaces: null }]);
    expect(reloaded.authenticate(`Bearer ${B}`)).toBeNull();
    expect(reloaded.authenticate(`Bearer ${A}`)?.id).toBe(tokenId(A));
    expect(reloaded.size).toBe(1);
  });
});

describe("tokenId", () => {
  it("is tok_ and 16 hex digits of the token's SHA-256, never the token", () => {
    expect(tokenId(A)).toMatch(/^tok_[0-9a-f]{16}$/);
    expect(tokenId(A)).toBe(`tok_${tokenDigest(A).slice(0, 16)}`);
    expect(tokenId(A)).not.toBe(tokenId(B));
    expect(tokenId(A)).not.toContain(A.slice(0, 8));
  });
});
