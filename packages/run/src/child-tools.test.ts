import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPoolStats, closeChildPool, prewarmChildPool, run, type ChildTool } from "./node.js";
import { childPids, eventually } from "./__fixtures__/child-processes.js";
import { IsolatedRun } from "./isolated/isolated-run.js";
import { isolatedRequest } from "./isolated/run-isolated.js";
import { resolveLimits } from "./limits.js";
import { prepareProgram } from "./run-program.js";
import { SecretVault } from "./secrets/secret-vault.js";
import type { RunResult } from "./run-result.js";

const MODULE = fileURLToPath(new URL("./__fixtures__/child-tools.mjs", import.meta.url));
let folder: string;
let outside: string;

beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "lackpy-child-tools-"));
  outside = mkdtempSync(path.join(os.tmpdir(), "lackpy-child-outside-"));
  writeFileSync(path.join(folder, "inside.txt"), "inside");
  writeFileSync(path.join(outside, "secret.txt"), "secret");
});

afterAll(async () => {
  await closeChildPool();
  rmSync(folder, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** A child tool of the fixture module, reading `folder`. */
function childTool(exportName: string, extra: Partial<ChildTool> = {}): ChildTool {
  return {
    module: MODULE,
    export: exportName,
    options: { prefix: "p-" },
    readRoots: [folder],
    ...extra,
  };
}

/** The host's tools, counting their calls. */
function hostTools() {
  const calls: unknown[][] = [];
  return {
    calls,
    tools: {
      tag: (value: unknown) => {
        calls.push(["tag", value]);
        return `host:${String(value)}`;
      },
      touch: (value: unknown) => {
        calls.push(["touch", value]);
        return null;
      },
      probe: (...args: unknown[]) => {
        calls.push(["probe", ...args]);
        return "host";
      },
    },
  };
}

describe("child tools (isolated mode)", () => {
  it("are answered in the child; a call the child declines goes to the host", async () => {
    const host = hostTools();
    const result = await run(`[tag("a"), tag("host"), tag(2)]`, {
      mode: "isolated",
      tools: host.tools,
      childTools: { tag: childTool("createTag") },
    });
    expect(result.output).toEqual(["child:p-a", "host:host", "child:p-2"]);
    expect(host.calls).toEqual([["tag", "host"]]);
    // Traced and counted in the run as any tool call.
    expect(result.trace.map((entry) => [entry.tool, entry.args, entry.result])).toEqual([
      ["tag", ["a"], "child:p-a"],
      ["tag", ["host"], "host:host"],
      ["tag", [2], "child:p-2"],
    ]);
    expect(result.stats.toolCalls).toBe(3);
  });

  it("are all answered by the host in-process, with secret params, or when the export fails", async () => {
    const cases: [string, Parameters<typeof run>[1]][] = [
      ["in-process", { mode: "in-process" }],
      ["secrets", { mode: "isolated", params: { key: "k" }, secretParams: ["key"] }],
      ["broken export", { mode: "isolated" }],
    ];
    for (const [name, options] of cases) {
      const host = hostTools();
      const result = await run(`tag("a")`, {
        ...options,
        tools: host.tools,
        childTools: { tag: childTool(name === "broken export" ? "createBroken" : "createTag") },
      });
      expect([name, result.output]).toEqual([name, "host:a"]);
    }
  });

  it("tell the child what the host's tools did after each host call, before the program goes on", async () => {
    let writes = 0;
    const host = hostTools();
    const result = await run(
      `touch(1)\nconst first = tag("news")\ntouch(2)\ntouch(3)\nconst last = tag("news")\nconst both = [first, last]\nboth`,
      {
        mode: "isolated",
        tools: host.tools,
        childTools: {
          tag: childTool("createTag", {
            news: () =>
              host.calls.length > writes ? [`after ${(writes = host.calls.length)}`] : undefined,
          }),
        },
      },
    );
    expect(result.output).toEqual([[["after 1"]], [["after 1"], ["after 2"], ["after 3"]]]);
  });

  it("tell the host what the child answered since the last host call, before that call is answered", async () => {
    const host = hostTools();
    const result = await run(
      `tag("a")\ntag("b")\ntouch(1)\ntouch(2)\ntag("c")\ntouch(3)\ntag("d")`,
      {
        mode: "isolated",
        tools: host.tools,
        childTools: {
          tag: childTool("createTag", { report: (report) => host.calls.push(["report", report]) }),
        },
      },
    );
    expect(result.error).toBeNull();
    // What the child answered after the last host call is not needed by the host: no call follows.
    expect(host.calls).toEqual([
      ["report", ["a", "b"]],
      ["touch", 1],
      ["touch", 2],
      ["report", ["c"]],
      ["touch", 3],
    ]);
  });

  it("run in a child that can read only the folders named and write nothing", async () => {
    const host = hostTools();
    const result = await run(
      `[probe("read", inside), probe("read", secret), probe("write", written), probe("read", "/etc/hostname")]`,
      {
        mode: "isolated",
        tools: host.tools,
        childTools: { probe: childTool("createProbe") },
        params: {
          inside: path.join(folder, "inside.txt"),
          secret: path.join(outside, "secret.txt"),
          written: path.join(folder, "new.txt"),
        },
      },
    );
    expect(result.output).toEqual([
      "ok:inside",
      "denied:ERR_ACCESS_DENIED",
      "denied:ERR_ACCESS_DENIED",
      "denied:ERR_ACCESS_DENIED",
    ]);
    expect(host.calls).toEqual([]);
    expect(readdirSync(folder)).toEqual(["inside.txt"]);
  });

  it("get a child of their scope after a prewarmed plain child stood in for one run", async () => {
    await closeChildPool();
    prewarmChildPool(73);
    await eventually(async () => (await childPids(73)).length === 1);
    // Give the warm child time to report ready, so the first run is lent it (a plain run would
    // count as demand for plain children; if it is not ready yet the test only proves less).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const options = () => {
      const host = hostTools();
      return {
        host,
        options: {
          mode: "isolated" as const,
          limits: { memoryMb: 73 },
          tools: host.tools,
          childTools: { tag: childTool("createTag", { readRoots: [folder, outside] }) },
        },
      };
    };
    // The first run may be lent the warm plain child (the host answers its tools) ...
    const first = options();
    const firstResult = await run(`tag("a")`, first.options);
    expect(["child:p-a", "host:a"]).toContain(firstResult.output);
    // ... which then gives its slot back: later runs are answered in a child of their scope.
    for (let index = 0; index < 3; index++) {
      const later = options();
      expect((await run(`tag("b")`, later.options)).output).toBe("child:p-b");
      expect(later.host.calls).toEqual([]);
    }
    expect(childPoolStats().live).toBeLessThanOrEqual(2);
  });

  it("are lent the plain child still starting rather than a cold child of their scope (the one-shot CLI)", async () => {
    await closeChildPool();
    // The CLI prewarms a plain child before it knows the run's scope; the run asks at once.
    prewarmChildPool(74);
    const host = hostTools();
    const result = await run(`tag("a")`, {
      mode: "isolated",
      limits: { memoryMb: 74 },
      tools: host.tools,
      childTools: { tag: childTool("createTag") },
    });
    // Answered by the host through the prewarmed child: no second process was started cold.
    expect(result.output).toBe("host:a");
    expect(host.calls).toEqual([["tag", "a"]]);
  });

  it("fall back to the host when a child under the scope cannot start", async () => {
    const host = hostTools();
    const limits = resolveLimits({ memoryMb: 71 });
    const options = { tools: host.tools };
    const vault = new SecretVault({}, []);
    const prepared = prepareProgram(`[tag("a"), tag("b")]`, options);
    if (!("program" in prepared)) throw new Error("the program did not validate");
    const request = isolatedRequest(prepared.program, options, limits, vault);
    const result = await new Promise<RunResult>((resolve) =>
      new IsolatedRun(request, host.tools, vault, {}, resolve, {
        // A scope whose child may not even read its own code: it dies before it is ready.
        scope: { key: "unreadable", folders: [path.join(outside, "nothing-here")] },
        requests: [{ name: "tag", module: MODULE, export: "createTag", options: { prefix: "" } }],
        news: [],
        reports: new Map(),
      }).start(),
    );
    expect(result.error).toBeNull();
    expect(result.output).toEqual(["host:a", "host:b"]);
  });
});
