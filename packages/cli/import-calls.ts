/**
 * A build step of the command's bundle (`tsup.config.ts`): every `import()` of the bundle becomes
 * `__import()`, a function the loader passes in (`src/load-command.ts`). Node 20 loses a
 * script's dynamic-import callback for code that comes from a V8 code cache, so the bundle must
 * not use `import()` itself. The calls are found in the bundle's syntax tree, never by text:
 * strings that spell `import(` (an error message, the printer of programs) stay as they are.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

/** Acorn, from lang (which depends on it). */
const acorn = createRequire(new URL("../lang/package.json", import.meta.url))(
  "acorn",
) as typeof import("acorn");

/** Rewrites the `import()` calls of a CommonJS bundle in place; returns how many there were. */
export function rewriteImportCalls(file: string): number {
  const source = readFileSync(file, "utf8");
  const tree = acorn.parse(source, {
    ecmaVersion: "latest",
    sourceType: "script",
    allowHashBang: true,
  });
  const starts: number[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    const { type, start } = node as { type?: unknown; start?: unknown };
    if (type === "ImportExpression" && typeof start === "number") starts.push(start);
    for (const value of Object.values(node)) if (typeof value === "object") visit(value);
  };
  visit(tree);
  starts.sort((left, right) => left - right);
  let rewritten = "";
  let from = 0;
  for (const start of starts) {
    if (source.slice(start, start + 6) !== "import")
      throw new Error(`${file}: no import() at offset ${start}`);
    rewritten += `${source.slice(from, start)}__import`;
    from = start + 6;
  }
  writeFileSync(file, rewritten + source.slice(from));
  return starts.length;
}
