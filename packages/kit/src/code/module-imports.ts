/**
 * The modules a parsed module imports, as their specifiers are written: `import … from "m"`,
 * `import "m"`, `import type … from "m"`, `export … from "m"`, a star re-export from "m",
 * `import a = require("m")` and `require("m")` with a string. A dynamic `import("m")` loads a
 * module when the code runs and is not listed; nor is a call of a `require` the module binds
 * itself (an ES module's `const require = createRequire(import.meta.url)`: ES modules have no
 * `require`, and the one it makes loads at run time, like `import()`).
 */
import { patternNames } from "./declared-names.js";
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
  const ownRequire = bindsRequire(program);
  const visit = (node: SyntaxNode) => {
    const module = ownRequire && node.type === "CallExpression" ? null : importedBy(node);
    if (module !== null) found.push({ module, line: lineOf(node), kind: KINDS[node.type]! });
    for (const child of childrenOf(node)) visit(child);
  };
  visit(program);
  return found;
}

/** True when the module's top level binds the name `require` itself (CommonJS's is a parameter of its wrapper, never a declaration). */
function bindsRequire(program: SyntaxNode): boolean {
  return ((program.body as SyntaxNode[] | undefined) ?? []).some((statement) => {
    if (statement.type === "FunctionDeclaration") return nameOf(statement.id) === "require";
    if (statement.type === "ImportDeclaration")
      return ((statement.specifiers as SyntaxNode[] | undefined) ?? []).some(
        (specifier) => nameOf(specifier.local) === "require",
      );
    const declaration =
      statement.type === "ExportNamedDeclaration" && isNode(statement.declaration)
        ? statement.declaration
        : statement;
    return (
      declaration.type === "VariableDeclaration" &&
      ((declaration.declarations as SyntaxNode[] | undefined) ?? []).some((declarator) =>
        patternNames(declarator.id).includes("require"),
      )
    );
  });
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
