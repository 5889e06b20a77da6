/**
 * Where a parsed module defines a name: function, class, interface, type, enum and namespace
 * declarations (`declare` ones too), variables (`const a = …`; not those bound to `require(…)`
 * or `import(…)`, an import is not a definition, nor names destructured from a value defined
 * elsewhere), class members, object-literal methods and functions, every property of the object
 * a module's top level assigns to `module.exports` (`module.exports = { GUID: "…" }`),
 * `X.prototype.m = …`, `exports.f = …` and `module.exports.f = …` (not when the value is another
 * name: `exports.a = a` hands on a definition), and a function or class assigned to any property (`Client.connect = function …`). The line is the name's own line.
 * A class compiled to ES5 is a class (`down-levelled-class.ts`): the closure's line, not its
 * constructor's again, and a function whose prototype the module builds.
 */
import { declarationsOf, isImported, kindOfValue } from "./declared-names.js";
import { downLevelledClass, prototypeBuiltNames } from "./down-levelled-class.js";
import { exportedValueOf, isExportsObject } from "./exports-object.js";
import { childrenOf, isNode, lineOf, nameOf, type SyntaxNode } from "./parse-module.js";

const MEMBERS = new Set([
  "MethodDefinition",
  "PropertyDefinition",
  "TSAbstractMethodDefinition",
  "TSAbstractPropertyDefinition",
  "TSDeclareMethod",
]);

/** What a definition defines. */
export type DefinitionKind =
  | "function"
  | "class"
  | "method"
  | "property"
  | "variable"
  | "interface"
  | "type"
  | "enum"
  | "namespace"
  | "alias";

/** One definition of a name: its 1-based line (the name's own) and what it defines. */
export interface Definition {
  line: number;
  kind: DefinitionKind;
  /**
   * Defined inside the one function that wraps the whole file: a bundle or UMD build that
   * inlines its modules in a closure (`(() => { … })()`), whose modules are defined elsewhere too.
   */
  bundled?: true;
  /** Defined inside a function (a helper or a variable of one), not at the module's top level or as a class's member. */
  local?: true;
  /**
   * A binding declared without a value (`let LazyResult, Processor`, assigned later by whatever
   * registers it): where the name lives, not what defines it. A `declare` one (`declare let x: T`)
   * is a declaration and has no flag.
   */
  unassigned?: true;
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** Where `program` defines `name`, in line order, one per line. */
export function definitionsIn(program: SyntaxNode, name: string): Definition[] {
  const found = new Map<number, Definition>();
  const wrapped = isWrapped(program);
  const constructed = prototypeBuiltNames(program).has(name);
  // The constructor inside a compiled class's closure: the class is defined once, where it is bound.
  const constructors = new Set<SyntaxNode>();
  const exported = exportedProperties(program);
  const unassigned = new Set<SyntaxNode>();
  const visit = (node: SyntaxNode, inside: boolean, local: boolean) => {
    if (node.type === "VariableDeclaration" && node.declare !== true)
      for (const declarator of (node.declarations as SyntaxNode[] | undefined) ?? [])
        if (declarator.init === null || declarator.init === undefined) unassigned.add(declarator);
    const definition = constructors.has(node)
      ? null
      : exported.has(node)
        ? exportedPropertyAt(node, name)
        : definitionAt(node, name, local);
    if (definition?.kind === "class") {
      const inner = downLevelledClass(node.type === "VariableDeclarator" ? node.init : node.right);
      if (inner) constructors.add(inner);
    }
    if (definition?.kind === "function" && constructed) definition.kind = "class";
    if (definition && !found.has(definition.line))
      found.set(definition.line, {
        ...definition,
        ...(inside ? { bundled: true as const } : {}),
        ...(local && !inside ? { local: true as const } : {}),
        ...(unassigned.has(node) ? { unassigned: true as const } : {}),
      });
    const below = inside || (wrapped && FUNCTIONS.has(node.type));
    for (const child of childrenOf(node)) visit(child, below, local || FUNCTIONS.has(node.type));
  };
  visit(program, false, false);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/**
 * The properties of the object a module's top level assigns to `module.exports` (`module.exports
 * = { GUID: "…" }`, `const proto = module.exports = { … }`): each is an export, defined there
 * even when its value is plain data.
 */
function exportedProperties(program: SyntaxNode): Set<SyntaxNode> {
  const found = new Set<SyntaxNode>();
  for (const statement of (program.body as SyntaxNode[] | undefined) ?? []) {
    const values =
      statement.type === "ExpressionStatement"
        ? [statement.expression]
        : statement.type === "VariableDeclaration"
          ? ((statement.declarations as SyntaxNode[]) ?? []).map((declarator) => declarator.init)
          : [];
    for (const value of values.map(exportedValueOf))
      if (value?.type === "ObjectExpression")
        for (const property of (value.properties as SyntaxNode[]) ?? [])
          if (property.type === "Property") found.add(property);
  }
  return found;
}

/** A property of the exported object named `name`: a method, or a property (`{ a }` and `{ a: b }` hand on a definition made elsewhere). */
function exportedPropertyAt(node: SyntaxNode, name: string): Definition | null {
  if (node.computed === true || nameOf(node.key) !== name) return null;
  const value = node.value as SyntaxNode;
  if (node.shorthand === true || value.type === "Identifier" || value.type === "MemberExpression")
    return null;
  const method = node.method === true || ["function", "class"].includes(kindOfValue(value));
  return { line: lineOf(node.key as SyntaxNode), kind: method ? "method" : "property" };
}

/**
 * True for a file whose code is one expression (after its directives, and the empty statements
 * of lodash's `;(function() { … }.call(this));`): a closure that wraps it all.
 */
function isWrapped(program: SyntaxNode): boolean {
  const statements = ((program.body as SyntaxNode[] | undefined) ?? []).filter(
    (statement) =>
      statement.type !== "EmptyStatement" &&
      !(statement.type === "ExpressionStatement" && "directive" in statement),
  );
  return statements.length === 1 && statements[0]!.type === "ExpressionStatement";
}

/** The 1-based lines, in order and without repeats, where `program` defines `name`. */
export function definitionLines(program: SyntaxNode, name: string): number[] {
  return definitionsIn(program, name).map((definition) => definition.line);
}

const DECLARED_KIND: Readonly<Record<string, DefinitionKind>> = {
  FunctionDeclaration: "function",
  TSDeclareFunction: "function",
  FunctionExpression: "function",
  ClassDeclaration: "class",
  ClassExpression: "class",
  TSInterfaceDeclaration: "interface",
  TSTypeAliasDeclaration: "type",
  TSEnumDeclaration: "enum",
  TSModuleDeclaration: "namespace",
};

/** A function or class value's kind, else `otherwise`. */
function valueKind(value: unknown, otherwise: DefinitionKind): DefinitionKind {
  const kind = kindOfValue(value);
  return kind === "function" || kind === "class" ? kind : otherwise;
}

/** Where and what `node` defines of `name` (`local`: inside a function), or null. */
function definitionAt(node: SyntaxNode, name: string, local: boolean): Definition | null {
  const declared = DECLARED_KIND[node.type];
  if (declared) {
    const line = declaredHere(node, name);
    return line === null ? null : { line, kind: declared };
  }
  switch (node.type) {
    case "VariableDeclarator":
      // `const { a } = make()` binds a value defined elsewhere; only `const a = …` defines `a`.
      if (isImported(node.init) || nameOf(node.id) !== name) return null;
      // `isArray = helpers.isArray` inside a function: a local name for another's definition.
      if (
        local &&
        isNode(node.init) &&
        node.init.type === "MemberExpression" &&
        nameOf(node.init.property) === name
      )
        return { line: lineOf(node), kind: "alias" };
      return { line: lineOf(node), kind: valueKind(node.init, "variable") };
    case "Property":
      // `{ m() {} }`, `{ m: function () {} }`, `{ m: () => … }`; a plain value is data, not a definition.
      return node.computed !== true &&
        nameOf(node.key) === name &&
        (node.method === true || ["function", "class"].includes(kindOfValue(node.value)))
        ? { line: lineOf(node.key as SyntaxNode), kind: "method" }
        : null;
    case "AssignmentExpression":
      return assignedDefinition(node, name);
    case "ExportSpecifier":
      // `export { enUS as defaultLocale } from "…"`: the module's name for another's definition.
      return nameOf(node.exported) === name && nameOf(node.local) !== name
        ? { line: lineOf(node.exported as SyntaxNode), kind: "alias" }
        : null;
    default:
      if (!MEMBERS.has(node.type) || node.computed === true || nameOf(node.key) !== name)
        return null;
      return {
        line: lineOf(node.key as SyntaxNode),
        kind:
          node.type.includes("Method") || kindOfValue(node.value) === "function"
            ? "method"
            : "property",
      };
  }
}

/** A declaration's own name (`function name`, `class name`, `interface name`…), at the name's line. */
function declaredHere(node: SyntaxNode, name: string): number | null {
  if (node.type === "ClassExpression" || node.type === "FunctionExpression")
    return nameOf(node.id) === name ? lineOf(node.id as SyntaxNode) : null;
  return declarationsOf(node).some((declared) => declared.name === name) && isNode(node.id)
    ? lineOf(node.id)
    : null;
}

/** `X.prototype.name = …`, `exports.name = …`, `module.exports.name = …`, or a function or class assigned to `anything.name`. */
function assignedDefinition(node: SyntaxNode, name: string): Definition | null {
  const left = node.left as SyntaxNode;
  if (node.operator !== "=" || left.type !== "MemberExpression" || left.computed === true)
    return null;
  if (nameOf(left.property) !== name || isImported(node.right)) return null;
  const target = left.object as SyntaxNode;
  const onExports = isExportsObject(target);
  const onPrototype = target.type === "MemberExpression" && nameOf(target.property) === "prototype";
  // `exports.a = exports.b = value`: each name gets the value at the end of the chain.
  let right = node.right as SyntaxNode;
  while (right.type === "AssignmentExpression" && right.operator === "=")
    right = right.right as SyntaxNode;
  // `exports.a = void 0`: TypeScript's CommonJS output declares its exports before defining them.
  if (right.type === "UnaryExpression" && right.operator === "void") return null;
  // `exports.a = a` and `exports.a = other.a` hand on what is defined elsewhere.
  const aliases = right.type === "Identifier" || right.type === "MemberExpression";
  const defines = ["function", "class"].includes(kindOfValue(right));
  if (!(((onExports || onPrototype) && !aliases) || defines)) return null;
  return {
    line: lineOf(left.property as SyntaxNode),
    kind: onPrototype ? (defines ? "method" : "property") : valueKind(right, "variable"),
  };
}
