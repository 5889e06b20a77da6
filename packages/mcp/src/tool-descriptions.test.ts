import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import {
  DEFAULT_CONFIG,
  DEFAULT_LIMIT_MAXIMA,
  DEFAULT_RUN_LIMITS,
  LackpyService,
} from "@lackpy/service";
import { toolDescription } from "@lackpy/service/agent";
import { DEFAULT_LIMITS } from "@lackpy/lang";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";
import { LIMIT_NAMES } from "./input-schemas.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));

/** The default kit's section of a description: from "Tools of kit" to the next blank line. */
const kitPart = (description: string) => /^Tools of kit[^]*?(?=\n\n)/m.exec(description)?.[0] ?? "";
const folders: string[] = [];

type Result = {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text: string }[];
};

interface Connected {
  root: string;
  service: LackpyService;
  client: Client;
  notified: string[];
  call(name: string, args?: Record<string, unknown>): Promise<Result>;
  describe(name: string): Promise<string>;
}

async function connect(config = ""): Promise<Connected> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-described-"));
  folders.push(root);
  await cp(EXAMPLE, root, { recursive: true });
  await mkdir(path.join(root, ".lackpy"), { recursive: true });
  await writeFile(path.join(root, ".lackpy", "config.toml"), config);
  const service = await LackpyService.open({ workspace: root });
  const server = createMcpServer(service);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const notified: string[] = [];
  const client = new Client({ name: "test", version: "0" });
  client.fallbackNotificationHandler = async (notification) => {
    notified.push(notification.method);
  };
  await client.connect(clientTransport);
  return {
    root,
    service,
    client,
    notified,
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<Result>,
    describe: async (name) =>
      (await client.listTools()).tools.find((tool) => tool.name === name)?.description ?? "",
  };
}

let lackpy: Connected;

beforeAll(async () => {
  lackpy = await connect('[run]\nmode = "in-process"\n');
});

afterAll(async () => {
  await lackpy.client.close();
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe("run_program and delegate descriptions", () => {
  it("describe the default kit with the adapters' builder: every tool's signature and the language", async () => {
    const kit = await lackpy.service.kitInfo("readonly");
    const otherKits = [await lackpy.service.kitInfo("files")];
    const description = await lackpy.describe("run_program");
    expect(description).toBe(toolDescription("program", kit, { host: "mcp", otherKits }));
    for (const tool of kit.tools)
      expect(kitPart(description)).toMatch(new RegExp(`\\n${tool.name}\\(`));
    expect(description).toContain("read_file(path: string) -> string");
    expect(description).toContain(
      'Other kits (pass kit):\nkit "files": the tools above, plus:\nwrite_file(',
    );
    expect(description).toContain("Refused (write instead): regex lookaround and backreferences");
    expect(Buffer.byteLength(description)).toBeLessThan(6144);
    expect(await lackpy.describe("delegate")).toBe(
      toolDescription("delegate", kit, { host: "mcp", otherKits }),
    );
  });

  it("show a changed [kit] default at the next listing, and say so after a call", async () => {
    const own = await connect('[kit]\ndefault = "readonly"\n[run]\nmode = "in-process"\n');
    try {
      expect(kitPart(await own.describe("run_program"))).not.toContain("write_file(");
      await own.call("kit_list");
      expect(own.notified).not.toContain("notifications/tools/list_changed");
      await writeFile(
        path.join(own.root, ".lackpy", "config.toml"),
        '[kit]\ndefault = "files"\n[run]\nmode = "in-process"\n',
      );
      await own.call("kit_list");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(own.notified).toContain("notifications/tools/list_changed");
      const description = await own.describe("run_program");
      expect(description).toContain('(kit "files" unless you pass kit)');
      expect(kitPart(description)).toContain("write_file(path: string, content: string) -> number");
      expect(
        (await own.call("run_program", { program: 'write_file("new.txt", "x")' }))
          .structuredContent,
      ).toMatchObject({ success: true, filesModified: ["new.txt"] });
    } finally {
      await own.client.close();
    }
  });

  it("show an edited default .kit file at the next listing", async () => {
    const own = await connect('[kit]\ndefault = "mine"\n[run]\nmode = "in-process"\n');
    try {
      await mkdir(path.join(own.root, ".lackpy", "kits"), { recursive: true });
      await writeFile(path.join(own.root, ".lackpy", "kits", "mine.kit"), "read_file\n");
      const before = await own.describe("run_program");
      expect(before).toContain('Tools of kit "mine"');
      expect(kitPart(before)).not.toContain("\nfind_files(");
      await writeFile(
        path.join(own.root, ".lackpy", "kits", "mine.kit"),
        "read_file\nfind_files\n",
      );
      expect(kitPart(await own.describe("run_program"))).toContain("find_files(pattern: string");
    } finally {
      await own.client.close();
    }
  });

  it("name a default kit that does not resolve, and how to go on", async () => {
    const own = await connect('[kit]\ndefault = "missing"\n');
    try {
      expect(await own.describe("run_program")).toContain(
        "The default kit \"missing\" does not resolve (No kit named 'missing'.); pass kit",
      );
    } finally {
      await own.client.close();
    }
  });
});

describe("the limits input", () => {
  it("describes every limit with its default and the server's maximum", async () => {
    const { tools } = await lackpy.client.listTools();
    const limits = (tools.find((tool) => tool.name === "run_program")?.inputSchema as any)
      .properties.limits;
    expect(limits.additionalProperties).toBe(false);
    expect(Object.keys(limits.properties)).toEqual([...LIMIT_NAMES]);
    expect([...LIMIT_NAMES].sort()).toEqual(Object.keys(DEFAULT_LIMITS).sort());
    for (const name of LIMIT_NAMES)
      expect(limits.properties[name].description).toMatch(
        new RegExp(
          `Default ${DEFAULT_RUN_LIMITS[name]}, at most ${DEFAULT_LIMIT_MAXIMA[name]}\\.$`,
        ),
      );
    expect(limits.properties.timeoutMs.description).toContain("whole deadline");
  });

  it("refuses an unknown limit by name, with the limits there are", async () => {
    const result = await lackpy.call("run_program", {
      program: "1 + 1",
      limits: { timeoutMs: 1000, bogus: 5 },
    });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain(
      `limits: unknown limit "bogus": the limits are ${LIMIT_NAMES.join(", ")}`,
    );
  });

  it("takes toolTimeoutMs and the other limits it used to drop", async () => {
    const result = await lackpy.call("run_program", {
      program: "len(read_file('README.md'))",
      limits: { toolTimeoutMs: 500, maxSize: 1000, memoryMb: 64 },
    });
    expect(result.structuredContent).toMatchObject({ success: true });
    const tooSmall = await lackpy.call("run_program", {
      program: "range(10).map(i => i * 2)",
      limits: { maxSize: 3 },
    });
    expect(tooSmall.structuredContent.error.code).toBe("limit_size");
  });

  it("shows a workspace's own defaults and maxima", async () => {
    const own = await connect("[run]\ntimeout_ms = 2000\n[run.maxima]\ntimeout_ms = 9000\n");
    try {
      const { tools } = await own.client.listTools();
      const limits = (tools.find((tool) => tool.name === "run_program")?.inputSchema as any)
        .properties.limits;
      expect(limits.properties.timeoutMs.description).toMatch(/Default 2000, at most 9000\.$/);
    } finally {
      await own.client.close();
    }
  });
});

describe("search_tools and describe_tool", () => {
  it("find a kit's tools by a few words and describe one in full", async () => {
    const found = await lackpy.call("search_tools", { query: "search text in files", limit: 2 });
    expect(found.structuredContent.tools[0]).toEqual({
      name: "search_files",
      signature:
        "search_files(text: string, glob?: string) -> { file: string, line: number, text: string }[]",
      description: expect.any(String),
    });
    const described = await lackpy.call("describe_tool", { name: "read_lines", kit: "files" });
    expect(described.structuredContent).toMatchObject({
      signature: "read_lines(path: string, start: number, end?: number) -> string[]",
      grade: { w: 1, d: 0 },
    });
  });

  it("refuse an unknown tool naming the nearest, as a tool error", async () => {
    const result = await lackpy.call("describe_tool", { name: "read_fil" });
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({
      code: "unknown_tool",
      hint: "did you mean read_file?",
    });
  });
});

describe("the default config", () => {
  it("has the limits the descriptions show", () => {
    expect(DEFAULT_CONFIG.run.limits).toEqual(DEFAULT_RUN_LIMITS);
    // The language's defaults, but a deadline an everyday request on a large repository fits in.
    expect(DEFAULT_RUN_LIMITS).toEqual({ ...DEFAULT_LIMITS, timeoutMs: 30_000 });
    expect(DEFAULT_CONFIG.run.maxima).toEqual(DEFAULT_LIMIT_MAXIMA);
  });
});
