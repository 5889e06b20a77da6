/**
 * The names a declaration statement binds and what each is: functions, classes, variables,
 * TypeScript interfaces, types, enums and namespaces. Imports and `require` bind names too, but
 * they are not declarations of the thing, so they are never listed here.
 */
import { downLevelledClass } from "./down-levelled-class.js";
import { isNode, nameOf, type SyntaxNode } from "./parse-module.js";

/** What a declared or exported name is. */
export type CodeKind =
  "function" | "class" | "variable" | "interface" | "type" | "enum" | "namespace" | "value";

/** One name a declaration binds; `node` is the value it is bound to when there is one (a variable's initializer), else the declaration. */
export interface DeclaredName {
  name: string;
  kind: CodeKind;
  node: SyntaxNode;
}

/** The names bound by a binding pattern: `a`, `{ a, b: c }`, `[a, ...rest]`, `a = 1`. */
export function patternNames(pattern: unknown): string[] {
  if (!isNode(pattern)) return [];
  switch (pattern.type) {
    case "Identifier":
      return [pattern.name as string];
    case "ObjectPattern":
      return ((pattern.properties as SyntaxNode[]) ?? []).flatMap((property) =>
        patternNames(property.type === "RestElement" ? property.argument : property.value),
      );
    case "ArrayPattern":
      return ((pattern.elements as (SyntaxNode | null)[]) ?? []).flatMap((element) =>
        patternNames(element),
      );
    case "RestElement":
      return patternNames(pattern.argument);
    case "AssignmentPattern":
      return patternNames(pattern.left);
    default:
      return [];
  }
}

/** True for `require("m")`, `require("m").x`, `import("m")` and `await import("m")`: a value brought in, not defined. */
export function isImported(value: unknown): boolean {
  if (!isNode(value)) return false;
  if (value.type === "AwaitExpression") return isImported(value.argument);
  if (value.type === "ImportExpression") return true;
  if (value.type === "MemberExpression") return isImported(value.object);
  if (value.type === "CallExpression") {
    const callee = value.callee as SyntaxNode;
    if (callee.type === "Identifier" && callee.name === "require") return true;
    // `require("m")("x")`, `_interopRequireDefault(require("m"))`
    return (
      isImported(callee) ||
      ((value.arguments as SyntaxNode[]) ?? []).some(
        (arg) => isImported(arg) && arg.type === "CallExpression",
      )
    );
  }
  return false;
}

/**
 * What a value is, as far as its syntax says: a function, a class (a class compiled to ES5
 * too: `downLevelledClass`), what a local name is bound to, or a value.
 */
export function kindOfValue(
  value: unknown,
  locals?: ReadonlyMap<string, { kind: CodeKind }>,
): CodeKind {
  if (!isNode(value)) return "value";
  switch (value.type) {
    case "FunctionExpression":
    case "ArrowFunctionExpression":
    case "FunctionDeclaration":
    case "TSDeclareFunction":
      return "function";
    case "ClassExpression":
    case "ClassDeclaration":
      return "class";
    case "Identifier":
      return locals?.get(value.name as string)?.kind ?? "value";
    case "TSInterfaceDeclaration":
      return "interface";
    case "TSTypeAliasDeclaration":
      return "type";
    case "TSEnumDeclaration":
      return "enum";
    case "CallExpression":
      return downLevelledClass(value) ? "class" : "value";
    case "TSAsExpression":
    case "TSSatisfiesExpression":
    case "TSNonNullExpression":
    case "ParenthesizedExpression":
      return kindOfValue(value.expression, locals);
    default:
      return "value";
  }
}

/** The names a statement declares (an `export` wrapper is looked through); none for imports and other statements. */
export function declarationsOf(statement: SyntaxNode): DeclaredName[] {
  const named = (kind: CodeKind, node: SyntaxNode = statement): DeclaredName[] => {
    const name = nameOf(statement.id);
    return name === null ? [] : [{ name, kind, node }];
  };
  switch (statement.type) {
    case "ExportNamedDeclaration":
    case "ExportDefaultDeclaration":
      return isNode(statement.declaration) ? declarationsOf(statement.declaration) : [];
    case "FunctionDeclaration":
    case "TSDeclareFunction":
      return named("function");
    case "ClassDeclaration":
      return named("class");
    case "TSInterfaceDeclaration":
      return named("interface");
    case "TSTypeAliasDeclaration":
      return named("type");
    case "TSEnumDeclaration":
      return named("enum");
    case "TSImportEqualsDeclaration":
      // `export import a = b.c`: a name for another value.
      return named("value");
    case "TSModuleDeclaration":
      // `declare module "m" { … }` describes another module; it declares no name here.
      return isNode(statement.id) && statement.id.type === "Identifier" ? named("namespace") : [];
    case "VariableDeclaration":
      return ((statement.declarations as SyntaxNode[]) ?? []).flatMap((declarator) => {
        if (isImported(declarator.init)) return [];
        const init = isNode(declarator.init) ? declarator.init : null;
        const kind = init ? kindOfValue(init) : "variable";
        return patternNames(declarator.id).map((name) => ({
          name,
          kind: kind === "value" ? "variable" : kind,
          node:
            init && declarator.id && (declarator.id as SyntaxNode).type === "Identifier"
              ? init
              : declarator,
        }));
      });
    default:
      return [];
  }
}
