// Scores the agent's first-try run_program calls: each through the built `lackpy mcp serve`
// (official client, stdio) on a fresh copy of its tree; read tasks compared with the gold, change
// tasks by the files they changed. Usage: node score.mjs (from packages/mcp, for the client).
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { cpSync, mkdtempSync, readFileSync, rmSync, existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
const HERE = new URL(".", import.meta.url).pathname.replace(/\/$/, "");
const tasks = JSON.parse(readFileSync(`${HERE}/tasks.json`, "utf8"));
const calls = JSON.parse(readFileSync(`${HERE}/answers/calls.json`, "utf8"));
const TREES = "/work/main/.corpus-trees";
const sortDeep = (v) => (Array.isArray(v) ? v.map(sortDeep).map((x) => JSON.stringify(x)).sort() : v);
async function session(tree) {
  const root = mkdtempSync(path.join(os.tmpdir(), "agent-trial-"));
  cpSync(path.join(TREES, tree), root, { recursive: true });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["/work/main/packages/cli/bin/lackpy.js", "mcp", "serve", "--workspace", root],
    stderr: "ignore",
  });
  const client = new Client({ name: "agent-trial", version: "1.0.0" });
  await client.connect(transport);
  return { root, client, close: async () => { await client.close(); rmSync(root, { recursive: true, force: true }); } };
}
const rows = [];
const shared = {};
for (const task of tasks) {
  const program = readFileSync(`${HERE}/answers/${task.id}.js`, "utf8");
  const kit = calls[task.id]?.kit ?? undefined;
  const s = task.kind === "change" ? await session(task.tree) : (shared[task.tree] ??= await session(task.tree));
  const result = await s.client.callTool({ name: "run_program", arguments: { program, ...(kit ? { kit } : {}) } }, undefined, { timeout: 300_000 });
  const sc = result.structuredContent ?? {};
  let verdict, detail = "";
  if (result.isError || sc.success === false) {
    verdict = "failed";
    detail = JSON.stringify(sc.error ?? result.content?.[0]?.text)?.slice(0, 300);
  } else if (task.kind === "read") {
    const out = sc.output;
    const ok = task.ordered ? isDeepStrictEqual(out, task.gold) : isDeepStrictEqual(sortDeep(out), sortDeep(task.gold));
    verdict = ok ? "right" : "wrong";
    if (!ok) detail = `got ${JSON.stringify(out)?.slice(0, 200)} want ${JSON.stringify(task.gold)?.slice(0, 200)}`;
  } else {
    const bad = Object.entries(task.files).filter(([file, text]) => {
      const p = path.join(s.root, file);
      return !existsSync(p) || readFileSync(p, "utf8") !== text;
    });
    verdict = bad.length === 0 ? "right" : "wrong";
    if (bad.length) detail = `files differ: ${bad.map(([f]) => f).join(", ")}; applied=${sc.applied} pending=${JSON.stringify(sc.pending)?.slice(0, 100)}`;
  }
  if (task.kind === "change") await s.close();
  rows.push({ id: task.id, kind: task.kind, kit: kit ?? null, verdict, detail });
  console.log(`${verdict.padEnd(6)} ${task.id} ${detail}`);
}
for (const s of Object.values(shared)) await s.close();
const count = (v) => rows.filter((r) => r.verdict === v).length;
console.log(`right ${count("right")} / ${rows.length}; wrong ${count("wrong")}; failed ${count("failed")}`);
writeFileSync(`${HERE}/scored.json`, JSON.stringify(rows, null, 2));
