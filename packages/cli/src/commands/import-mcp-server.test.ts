import { describe, expect, it } from "vitest";
import { importMcpServer } from "./import-mcp-server.js";

describe("importMcpServer", () => {
  it("loads the MCP server package when it is installed", async () => {
    expect(typeof (await importMcpServer()).serveStdio).toBe("function");
  });

  it("names the package and the npx form when it is missing", async () => {
    const missing = Object.assign(new Error("Cannot find package '@lackpy/mcp' imported from x"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    await expect(importMcpServer(() => Promise.reject(missing))).rejects.toMatchObject({
      code: "missing_package",
      message:
        "lackpy mcp needs the '@lackpy/mcp' package (the MCP server), which is not installed.",
      hint: expect.stringContaining("npx -p @lackpy/cli -p @lackpy/mcp lackpy mcp serve"),
    });
  });

  it("passes any other failure through", async () => {
    const broken = new Error("boom");
    await expect(importMcpServer(() => Promise.reject(broken))).rejects.toBe(broken);
  });
});
