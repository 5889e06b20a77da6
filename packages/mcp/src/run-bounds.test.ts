import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { LackpyService } from "@lackpy/service";
import { closeWorkerPool, configureChildPool, DEFAULT_MAX_CHILDREN } from "@lackpy/run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";

const execFileAsync = promisify(execFile);
const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
/** A heap limit no other test uses, so the children counted are this file's. */
const MEMORY_MB = 88;
const MAX_CHILDREN = 2;

let root: string;
let client: Client;
let service: LackpyService;

type Result = { isError?: boolean; structuredContent?: any; content: { text: string }[] };
const runProgram = (args: Record<string, unknown>) =>
  client.callTool({ name: "run_program", arguments: args }) as Promise<Result>;

/** The isolated children of this process with this file's heap limit. */
async function liveChildren(): Promise<number> {
  const { stdout } = await execFileAsync("ps", ["-A", "-o", "ppid=,args="]);
  return stdout
    .split("\n")
    .filter((line) => line.trim().startsWith(`${process.pid} `))
    .filter((line) => line.includes(`--max-old-space-size=${MEMORY_MB}`)).length;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-bounds-"));
  await cp(EXAMPLE, root, { recursive: true });
  await mkdir(path.join(root, ".lackpy"), { recursive: true });
  await writeFile(
    path.join(root, ".lackpy", "config.toml"),
    `[run]\nmode = "isolated"\nmemory_mb = ${MEMORY_MB}\nmax_children = ${MAX_CHILDREN}\n`,
  );
  service = await LackpyService.open({ workspace: root });
  const server = createMcpServer(service);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  client = new Client({ name: "bounds-test", version: "0" });
  await client.connect(clientTransport);
});

afterAll(async () => {
  await client?.close();
  await service?.close();
  await closeWorkerPool();
  configureChildPool({ maxChildren: DEFAULT_MAX_CHILDREN });
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(process.platform === "win32")("run_program under load, over MCP", () => {
  it("lowers a client's limits to the server's maxima and says so", async () => {
    const result = await runProgram({
      program: "1 + 1",
      kit: "none",
      limits: { timeoutMs: 1e9, maxSteps: 1e12, maxToolCalls: 5 },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      output: 2,
      limitsLowered: [
        { limit: "timeoutMs", requested: 1e9, used: 60_000 },
        { limit: "maxSteps", requested: 1e12, used: 10_000_000 },
      ],
    });
    expect(result.content[0].text).toContain(
      "limits lowered to the server's maxima: timeoutMs 1000000000 → 60000, maxSteps 1000000000000 → 10000000",
    );
  });

  it("never has more live children than the cap for 40 concurrent runs, and answers them all", async () => {
    let sampling = true;
    let most = 0;
    const sampler = (async () => {
      while (sampling) {
        most = Math.max(most, await liveChildren());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        runProgram({
          program: `let n = 0\nfor (const i of range(20000)) n += 1\nn + ${index}`,
          kit: "none",
          limits: { timeoutMs: 60_000 },
        }),
      ),
    );
    sampling = false;
    await sampler;
    expect(results.map((result) => result.structuredContent?.output)).toEqual(
      Array.from({ length: 40 }, (_, index) => 20_000 + index),
    );
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(MAX_CHILDREN);
  });
});
