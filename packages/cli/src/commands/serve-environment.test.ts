import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { mcpCommand } from "./mcp-commands.js";
import { SERVE_VARIABLES, serveSettings } from "./serve-environment.js";
import type { CommandContext } from "../io/command-context.js";

const README = new URL("../../../../README.md", import.meta.url);

describe("serveSettings", () => {
  it("fills each flag not given from its variable, and a flag wins", () => {
    const settings = serveSettings(
      { port: "9000" },
      {
        LACKPY_MCP_HTTP: "1",
        LACKPY_MCP_PORT: "1234",
        LACKPY_MCP_DRAIN_MS: "500",
        LACKPY_MCP_TRACE: "full",
      },
    );
    expect(settings.args).toEqual({ http: true, port: "9000", "drain-ms": "500", trace: "full" });
    expect(settings.source("port")).toBe("--port");
    expect(settings.source("drain-ms")).toBe("LACKPY_MCP_DRAIN_MS");
  });

  it("leaves the HTTP server's variables out over stdio, so a shell's team settings do not break it", () => {
    const settings = serveSettings(
      {},
      { LACKPY_MCP_PORT: "1234", LACKPY_MCP_WORKSPACE: "/srv/ws", LACKPY_MCP_HTTP: "0" },
    );
    expect(settings.args).toEqual({ workspace: "/srv/ws" });
  });

  it("names the variable of a switch it cannot read", () => {
    expect(() => serveSettings({}, { LACKPY_MCP_HTTP: "maybe" })).toThrow(
      "LACKPY_MCP_HTTP must be 1 or 0 (true or false), not 'maybe'.",
    );
  });

  it("has a variable for every flag of lackpy mcp serve, each in the README's table", async () => {
    const context = {} as CommandContext;
    const serve = (mcpCommand(context).subCommands as Record<string, { args: object }>).serve!;
    expect(Object.keys(SERVE_VARIABLES).sort()).toEqual(Object.keys(serve.args).sort());
    const readme = await readFile(README, "utf8");
    for (const [flag, variable] of Object.entries(SERVE_VARIABLES))
      expect(readme, variable).toMatch(new RegExp(`\\| \`--${flag}\` \\| \`${variable}\``));
  });
});
