import type { ToolSpec } from "@lackpy/lang";

/** A small in-memory workspace for tests. */
export const FILES: Record<string, string> = {
  "src/a.ts": "export const a = 1 // TODO: rename\n",
  "src/b.ts": "import { a } from './a'\n// TODO one\n// TODO two\n",
  "README.md": "# demo\n",
};

/** Test tools over FILES, sync and async. */
export function testTools() {
  const written: Record<string, string> = {};
  return {
    written,
    tools: {
      read_file: async (path: string) => {
        if (!(path in FILES)) throw Object.assign(new Error(`no file ${path}; files: ${Object.keys(FILES).join(", ")}`), { retriable: true });
        return FILES[path];
      },
      find_files: (pattern: string) => Object.keys(FILES).filter((file) => (pattern === "*" ? true : file.startsWith(pattern.replace("**/*", "")))).sort(),
      write_file: (path: string, content: string) => {
        written[path] = content;
        return true;
      },
      noop: () => null,
      echo: (value: unknown) => value,
      give: (kind: string) => {
        if (kind === "date") return new Date("2026-01-02T03:04:05Z");
        if (kind === "instance") return new (class Secret { key = 1; method() { return process; } })();
        if (kind === "function") return () => process;
        if (kind === "nested-function") return { ok: 1, run: () => process };
        if (kind === "map") return new Map([["a", 1]]);
        if (kind === "set") return new Set([1, 2]);
        if (kind === "proto") return JSON.parse('{"__proto__": {"polluted": true}}');
        if (kind === "getter") return Object.defineProperty({}, "x", { get: () => process, enumerable: true });
        if (kind === "regex") return /a+/g;
        if (kind === "backreference") return /(\w)\1/;
        if (kind === "proto-map") return new Map([["__proto__", 1]]);
        if (kind === "object-key-map") return new Map<unknown, unknown>([[{ a: 1 }, "x"], [[1, 2], "y"]]);
        return null;
      },
      slow: () => new Promise((resolve) => setTimeout(() => resolve(1), 2000)),
    },
  };
}

/** Specs for the test tools (paths read and written). */
export const TOOL_SPECS: ToolSpec[] = [
  { name: "read_file", args: [{ name: "path", type: "string", path: "read" }], gradeW: 1, effectsCeiling: 0 },
  { name: "find_files", args: [{ name: "pattern", type: "string" }], gradeW: 1, effectsCeiling: 0 },
  { name: "write_file", args: [{ name: "path", type: "string", path: "write" }, { name: "content", type: "string" }], gradeW: 3, effectsCeiling: 3 },
  { name: "noop", args: [] },
  { name: "echo", args: [{ name: "value", type: "any" }] },
  { name: "give", args: [{ name: "kind", type: "string" }] },
  { name: "slow", args: [] },
];
