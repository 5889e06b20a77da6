/**
 * The modules a parsed module imports, as their specifiers are written: `import … from "m"`,
 * `import "m"`, `import type … from "m"`, `export … from "m"`, a star re-export from "m",
 * `import a = require("m")` and `require("m")` with a string. A dynamic `import("m")` loads a
 * module when the code runs and is not listed.
 */
import { childrenOf, isNode, lineOf, nameOf, type SyntaxNode } from "./parse-module.js";

/** How a module is brought in: an ESM `import`, a re-export (`export … from`), or CommonJS `require` (TypeScript's `import a = require(…)` too). */
export type ImportKind = "import" | "export" | "require";

/** One import: the specifier, the line it is on, and how it imports. */
export interface ModuleImport {
  module: string;
  line: number;
  kind: ImportKind;
}

/** Every import of `program`, in source order (a module imported twice is listed twice). */
export function importsIn(program: SyntaxNode): ModuleImport[] {
  const found: ModuleImport[] = [];
  const visit = (node: SyntaxNode) => {
    const module = importedBy(node);
    if (module !== null) found.push({ module, line: lineOf(node), kind: KINDS[node.type]! });
    for (const child of childrenOf(node)) visit(child);
  };
  visit(program);
  return found;
}

const KINDS: Readonly<Record<string, ImportKind>> = {
  ImportDeclaration: "import",
  ExportAllDeclaration: "export",
  ExportNamedDeclaration: "export",
  TSExternalModuleReference: "require",
  CallExpression: "require",
};

/** The specifier a node imports, or null. */
function importedBy(node: SyntaxNode): string | null {
  switch (node.type) {
    case "ImportDeclaration":
    case "ExportAllDeclaration":
    case "ExportNamedDeclaration":
      return nameOf(node.source);
    case "TSExternalModuleReference":
      return nameOf(node.expression);
    case "CallExpression": {
      const callee = node.callee as SyntaxNode;
      const [first] = (node.arguments as SyntaxNode[]) ?? [];
      return callee.type === "Identifier" &&
        callee.name === "require" &&
        isNode(first) &&
        first.type === "Literal"
        ? nameOf(first)
        : null;
    }
    default:
      return null;
  }
}
