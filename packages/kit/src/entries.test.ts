import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as root from "./index.js";
import * as node from "./node.js";

const SOURCE_DIR = path.dirname(fileURLToPath(import.meta.url));

async function importsOf(file: string): Promise<string[]> {
  const text = await readFile(path.join(SOURCE_DIR, file), "utf8");
  return [...text.matchAll(/^(?:import|export)[^;]*?from\s+"([^"]+)"/gms)].map((match) => match[1]);
}

/** Every module the root entry reaches, following relative imports. */
async function reachable(entry: string): Promise<Map<string, string[]>> {
  const seen = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const imports = await importsOf(file);
    seen.set(file, imports);
    for (const specifier of imports)
      if (specifier.startsWith("."))
        queue.push(path.posix.join(path.posix.dirname(file), specifier).replace(/\.js$/, ".ts"));
  }
  return seen;
}

describe("package entries", () => {
  it("keeps the root entry free of node: imports", async () => {
    const modules = await reachable("index.ts");
    expect(modules.size).toBeGreaterThan(5);
    for (const [file, imports] of modules)
      expect(
        imports.filter((specifier) => !specifier.startsWith(".") && specifier !== "@lackpy/lang"),
        file,
      ).toEqual([]);
  });

  it("exports names explicitly, with a doc comment on every export", async () => {
    const files = (await readdir(SOURCE_DIR, { recursive: true })).filter(
      (file) =>
        file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith("__fixtures__"),
    );
    for (const file of files) {
      const text = await readFile(path.join(SOURCE_DIR, file), "utf8");
      expect(text, file).not.toMatch(/export \*/);
      if (file === "index.ts" || file === "node.ts") continue;
      const lines = text.split("\n");
      lines.forEach((line, index) => {
        if (/^export (?:async )?(?:function|class|const|interface|type) /.test(line))
          expect(lines[index - 1], `${file}:${index + 1}`).toMatch(/\*\/\s*$/);
      });
    }
  });

  it("exposes the documented API from each entry", () => {
    expect(Object.keys(root).sort()).toEqual([
      "BUILTIN_PROTECTION",
      "CODE_CONFIG_FILES",
      "COMMAND_FILES",
      "CONTROL_CHARACTERS",
      "DEFAULT_SEARCH_LIMIT",
      "DESCRIBE_TOOL",
      "DISCOVERY_TOOL_SPECS",
      "GLOBAL_NAMES",
      "KitError",
      "MAX_BRACE_DEPTH",
      "MAX_BRACE_EXPANSIONS",
      "MAX_DIFF_WORK",
      "MAX_GLOB_LENGTH",
      "MAX_MCP_DESCRIPTION_CHARS",
      "MAX_TYPE_CHARS",
      "NODE_BUILTIN_MODULES",
      "READABLE_HIDDEN_NAMES",
      "RESERVED_KIT_NAMES",
      "SEALED_NAMES",
      "SEARCH_TOOLS",
      "SECRET_REFUSING_PROVIDERS",
      "SHIPPED_KITS",
      "TOOL_INDEX_THRESHOLD",
      "ToolError",
      "Toolbox",
      "WRITE_PROTECTED_FOLDERS",
      "alwaysShown",
      "argTypeToJsonSchema",
      "binaryDiff",
      "callableName",
      "checkKitName",
      "checkOpeningGlob",
      "checkProtectedGlob",
      "checkWorkspacePath",
      "compileGlob",
      "createMockProvider",
      "createPathProtection",
      "describeKitTool",
      "describeTool",
      "describeToolSpec",
      "describeTools",
      "diffLines",
      "discoveryCallables",
      "docsIndex",
      "formatKitFile",
      "isDocPath",
      "isReservedKitName",
      "jsonSchemaToArgType",
      "maskedNameWarning",
      "mcpErrorText",
      "mcpResultValue",
      "mcpToolGrade",
      "mcpToolSpec",
      "namedTools",
      "parseKitFile",
      "rankTools",
      "resolveKit",
      "searchTools",
      "splitLines",
      "stemWord",
      "toolIndexLine",
      "toolInputSchema",
      "toolScore",
      "toolSignature",
      "toolSummary",
      "unifiedDiff",
    ]);
    expect(Object.keys(node).sort()).toEqual([
      "BINARY_SNIFF_BYTES",
      "DEFAULT_MCP_CALL_TIMEOUT_MS",
      "DEFAULT_MCP_CONNECT_TIMEOUT_MS",
      "DEFINITION_GLOB",
      "FILE_TOOL_SPECS",
      "FileStaging",
      "MAX_FIND_RESULTS",
      "MAX_LINE_CHARS",
      "MAX_NAME_BYTES",
      "MAX_READ_BYTES",
      "MAX_SEARCH_RESULTS",
      "MAX_SEARCH_TEXT_CHARS",
      "MAX_STAGED_BYTES",
      "MCP_CLIENT_VERSION",
      "McpConnection",
      "SHIPPED_DOCS_DIR",
      "SKIPPED_FOLDERS",
      "SKIPPED_REASONS",
      "TEMPORARY_SUFFIX",
      "checkExpected",
      "childReadFileModule",
      "childToolOf",
      "confinePath",
      "contentHash",
      "countLines",
      "createBuiltinProvider",
      "createDefaultToolbox",
      "createFileTools",
      "createMcpProvider",
      "createModuleProvider",
      "createWorkspaceView",
      "docsIndex",
      "fileListedSince",
      "flushDescriptor",
      "importFromWorkspace",
      "isInside",
      "kitCreate",
      "kitList",
      "mcpPrefix",
      "prepareFileChange",
      "readFileBefore",
      "readFileState",
      "readRegularFile",
      "readRegularFileSync",
      "registerMcpTools",
      "removeTemporary",
      "resolveDoc",
      "resolveKitSpecifier",
      "sameState",
      "stagingOf",
      "workspaceKitNames",
    ]);
  });
});
