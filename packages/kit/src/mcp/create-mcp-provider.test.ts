import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHttpFixture, type HttpFixture } from "../__fixtures__/mcp-fixture-http.mjs";
import { createMcpProvider, type McpProvider } from "./create-mcp-provider.js";
import type { McpServerConfig } from "./mcp-server-config.js";
import { registerMcpTools } from "./register-mcp-tools.js";
import { Toolbox } from "../toolbox/toolbox.js";

const STDIO_FIXTURE = fileURLToPath(
  new URL("../__fixtures__/mcp-fixture-stdio.mjs", import.meta.url),
);
const STDIO: McpServerConfig = { command: process.execPath, args: [STDIO_FIXTURE] };
const providers: McpProvider[] = [];
let http: HttpFixture;

function provider(
  servers: Record<string, McpServerConfig>,
  env: Record<string, string | undefined> = {},
): McpProvider {
  const created = createMcpProvider({ servers, baseDir: path.dirname(STDIO_FIXTURE), env });
  providers.push(created);
  return created;
}

async function tools(created: McpProvider, server: string) {
  const toolbox = new Toolbox().registerProvider(created);
  await registerMcpTools(toolbox, created, server);
  return async (name: string, ...args: unknown[]) =>
    (await toolbox.resolve(name)).call({ signal: new AbortController().signal }, ...args);
}

beforeAll(async () => {
  http = await startHttpFixture();
});
afterEach(async () => {
  await Promise.all(providers.splice(0).map((created) => created.close()));
});
afterAll(() => http.close());

describe("createMcpProvider", () => {
  it("turns each listed tool into a namespaced, typed ToolSpec with its grade", async () => {
    const specs = await provider({ fx: STDIO }).toolSpecs("fx");
    const byName = new Map(specs.map((spec) => [spec.name, spec]));
    expect(byName.get("fx_add")).toMatchObject({
      provider: "mcp",
      providerConfig: { server: "fx", tool: "add", argNames: ["a", "b"] },
      description: "Add two numbers.",
      args: [
        { name: "a", type: "number", description: "first" },
        { name: "b", type: "number" },
      ],
      gradeW: 1,
      effectsCeiling: 0,
    });
    // Required properties first, then the optional ones, each in the schema's order.
    expect(byName.get("fx_search")?.args).toEqual([
      { name: "query", type: "string" },
      { name: "limit", type: "integer", optional: true },
      { name: "sort", type: '"asc" | "desc"', optional: true },
    ]);
    expect(byName.get("fx_echo")).toMatchObject({
      description: "Echo text.",
      returns: "{ text: string, times: number }",
    });
    expect(byName.get("fx_write_note")).toMatchObject({
      providerConfig: { tool: "write-note" },
      gradeW: 2,
      effectsCeiling: 2,
    });
    expect(byName.get("fx_wipe")).toMatchObject({ gradeW: 3, effectsCeiling: 3 });
  });

  it.each([
    [undefined, false],
    [false, false],
    [true, true],
  ])(
    "gives a server's tools secrets only when its config says accepts_secrets (%s)",
    async (acceptsSecrets, accepted) => {
      const config = acceptsSecrets === undefined ? STDIO : { ...STDIO, acceptsSecrets };
      const specs = await provider({ fx: config }).toolSpecs("fx");
      expect(new Set(specs.map((spec) => spec.acceptsSecrets))).toEqual(new Set([accepted]));
    },
  );

  it("calls tools with positional arguments mapped onto the named properties", async () => {
    const call = await tools(provider({ fx: STDIO }), "fx");
    expect(await call("fx_add", 2, 3)).toBe(5);
    expect(await call("fx_echo", "hi", 2)).toEqual({ text: "hihi", times: 2 });
    expect(await call("fx_search", "lackpy", undefined, "desc")).toEqual({
      query: "lackpy",
      sort: "desc",
    });
    expect(await call("fx_lines")).toEqual(["first", { second: 2 }]);
    await expect(call("fx_fail")).rejects.toThrow("the fixture refused");
  });

  it("connects on first use and reuses the connection until closed", async () => {
    const created = provider({ fx: STDIO });
    const call = await tools(created, "fx");
    const first = await call("fx_pid");
    expect(await call("fx_pid")).toBe(first);
    await created.close();
    const again = await call("fx_pid");
    expect(again).not.toBe(first);
    expect(() => process.kill(first as number, 0)).toThrow();
  });

  it("names the server when it dies during a call, and starts it again on the next use", async () => {
    const call = await tools(provider({ fx: STDIO }), "fx");
    await expect(call("fx_crash")).rejects.toThrow(
      /^MCP server 'fx' closed the connection during crash \(its stderr ends: "fixture crashing on purpose"\)\.$/,
    );
    expect(await call("fx_add", 1, 1)).toBe(2);
  });

  it("gives up on a call after timeout_ms, naming the server", async () => {
    const call = await tools(provider({ fx: { ...STDIO, timeoutMs: 200 } }), "fx");
    await expect(call("fx_slow", 5000)).rejects.toThrow(
      "MCP server 'fx' did not answer slow within 200 ms.",
    );
  });

  it("stops a call when the tool's signal aborts", async () => {
    const created = provider({ fx: STDIO });
    const toolbox = new Toolbox().registerProvider(created);
    await registerMcpTools(toolbox, created, "fx");
    const controller = new AbortController();
    const pending = (await toolbox.resolve("fx_slow")).call({ signal: controller.signal }, 5000);
    setTimeout(() => controller.abort(new Error("the run ended")), 50);
    await expect(pending).rejects.toThrow("the run ended");
  });

  it.each([
    [
      { command: process.execPath, args: ["-e", "process.exit(1)"] },
      /^MCP server 'bad' is unavailable: /,
    ],
    [{ command: "lackpy-no-such-command" }, /^MCP server 'bad' is unavailable: .*ENOENT/],
    [
      {
        command: process.execPath,
        args: ["-e", "setInterval(() => {}, 1000)"],
        connectTimeoutMs: 300,
      },
      "MCP server 'bad' is unavailable: it did not start within 300 ms.",
    ],
    [
      { url: "http://127.0.0.1:9/mcp", connectTimeoutMs: 2000 },
      /^MCP server 'bad' is unavailable: /,
    ],
  ])("reports a server that cannot start (%#)", async (config, message) => {
    const error = await provider({ bad: config })
      .toolSpecs("bad")
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "mcp_server_unavailable" });
    expect((error as Error).message).toMatch(message);
    expect((error as { hint: string }).hint.length).toBeGreaterThan(10);
  });

  it("gives a stdio server only safe variables, inherit_env and env", async () => {
    const env = { LACKPY_SECRET: "s3cret", LACKPY_SHARED: "shared", PATH: process.env.PATH };
    const closed = await tools(provider({ fx: STDIO }, env), "fx");
    expect(await closed("fx_env", "LACKPY_SECRET")).toBeNull();
    const open = await tools(
      provider(
        { fx: { ...STDIO, inheritEnv: ["LACKPY_SHARED"], env: { LACKPY_SET: "set" } } },
        env,
      ),
      "fx",
    );
    expect(await open("fx_env", "LACKPY_SHARED")).toBe("shared");
    expect(await open("fx_env", "LACKPY_SET")).toBe("set");
    expect(await open("fx_env", "LACKPY_SECRET")).toBeNull();
  });

  it("calls a Streamable HTTP server, sending the bearer token from the environment", async () => {
    const created = provider(
      { web: { url: http.url, prefix: "w_", bearerTokenEnv: "WEB_TOKEN" } },
      { WEB_TOKEN: "t0ken" },
    );
    const call = await tools(created, "web");
    expect(await call("w_add", 20, 22)).toBe(42);
    expect(http.headers.at(-1)?.authorization).toBe("Bearer t0ken");
  });

  it("refuses tools whose names the toolbox already has, registering none", async () => {
    const created = provider({ fx: { ...STDIO, prefix: "" } });
    const toolbox = new Toolbox().registerProvider(created);
    toolbox.registerTool({ name: "echo", args: [] });
    await expect(registerMcpTools(toolbox, created, "fx")).rejects.toMatchObject({
      code: "duplicate_tool",
      message: "MCP server 'fx' has a tool named 'echo', which the toolbox already has.",
    });
    expect(toolbox.list().map((tool) => tool.name)).toEqual(["echo"]);
  });
});
