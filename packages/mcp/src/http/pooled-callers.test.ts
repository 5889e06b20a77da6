import type { Client } from "@modelcontextprotocol/client";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { call, connect, removeAll, run, start, stopAll } from "./__fixtures__/test-server.js";

/**
 * The HTTP server reuses its MCP servers (decision 159): two tokens' requests, interleaved on
 * the same few servers, each see only their own caller: their request id, their dry runs, their
 * runs to undo.
 */
const ALICE = "tok-0123456789abcdef-ALICE";
const BOB = "tok-0123456789abcdef-BOB00";

afterEach(stopAll);
afterAll(removeAll);

/** A client's rounds: dry run its own file, apply it, and every other round undo its last run. */
async function rounds(client: Client, name: string, requestId: string, count: number) {
  const seen: { requestIds: Set<string>; kept: string[]; refused: string[] } = {
    requestIds: new Set(),
    kept: [],
    refused: [],
  };
  for (let round = 0; round < count; round++) {
    const file = `${name}-${round}.txt`;
    const dry = await run(client, `write_file(${JSON.stringify(file)}, "${name}")`, {
      kit: "files",
      dryRun: true,
    });
    seen.requestIds.add(dry._meta?.requestId);
    const applied = await call(client, "apply_changes", {
      changeId: dry.structuredContent.changeId,
    });
    seen.requestIds.add(applied._meta?.requestId);
    if (applied.isError) seen.refused.push(applied.structuredContent.error.code);
    else seen.kept.push(file);
    if (round % 2 === 1) {
      const undone = await call(client, "undo", {});
      seen.requestIds.add(undone._meta?.requestId);
      if (undone.isError) seen.refused.push(undone.structuredContent.error.code);
      else
        expect(undone.structuredContent.files.map((entry: { path: string }) => entry.path)).toEqual(
          [seen.kept.pop()],
        );
    }
  }
  expect(seen.requestIds).toEqual(new Set([requestId]));
  return seen;
}

describe("two tokens on reused MCP servers", () => {
  it("each see only their own request ids, dry runs and runs", async () => {
    const { server } = await start({
      tokens: [
        { token: ALICE, workspaces: null },
        { token: BOB, workspaces: null },
      ],
    });
    const alice = await connect(`${server.url}/mcp`, ALICE, { "x-request-id": "alice-request" });
    const bob = await connect(`${server.url}/mcp`, BOB, { "x-request-id": "bob-request" });
    const [ofAlice, ofBob] = await Promise.all([
      rounds(alice, "alice", "alice-request", 8),
      rounds(bob, "bob", "bob-request", 8),
    ]);
    // Each applied and undid only its own: nothing of either was refused as another's.
    expect([...ofAlice.refused, ...ofBob.refused]).toEqual([]);
    expect(ofAlice.kept).toHaveLength(4);
    expect(ofBob.kept).toHaveLength(4);
  });
});
