/**
 * What a parsed module exports, read from its syntax tree in every module system it may use:
 * ESM (`export` declarations, lists, defaults, a star re-export as `ns`), TypeScript (`declare`, type
 * exports, `export =`, `export import`), and CommonJS as Node's static reader sees it
 * (`module.exports = { … }`, `module.exports.x =`, `exports.x =`,
 * `Object.defineProperty(exports, "x", …)`, TypeScript's and bundlers' `__exportStar` and
 * `__export`). Re-exports of whole modules (a star re-export from "m", `module.exports =
 * require("m")`) are listed apart for the caller to resolve. Whatever it cannot follow (a use of
 * `exports` it does not know, a computed key, a module whose whole value is a function) is said,
 * never left out: an empty list means the module exports nothing.
 */
import { isNode, referenceChildren, lineOf, nameOf, type SyntaxNode } from "./parse-module.js";
import { declarationsOf, kindOfValue, type CodeKind } from "./declared-names.js";
import { prototypeBuiltNames } from "./down-levelled-class.js";
import { exportedValueOf, isExportsObject } from "./exports-object.js";

/** One exported name, its kind and the line that exports it. */
export interface ModuleExport {
  name: string;
  kind: CodeKind;
  line: number;
}

/** A module's exports as far as its text says them. */
export interface ModuleExports {
  exports: ModuleExport[];
  /** Modules whose every name this one re-exports, by specifier, with the line. */
  stars: { from: string; line: number }[];
  /** What a static read could not follow: each a short reason with its line (an empty list when everything was understood). */
  unknown: { reason: string; line: number }[];
  /**
   * `module.exports = isEmpty`, `export = Client`, `module.exports = class Application {}`: a
   * module whose whole value is one named function or class, by that name.
   */
  whole?: ModuleExport;
  /** True when the module uses ESM `export`, CommonJS `exports`, or both. */
  esm: boolean;
  commonjs: boolean;
}

type Collect = { out: ModuleExports; locals: Map<string, { kind: CodeKind; node: SyntaxNode }> };

/** The exports of a module's syntax tree. */
export function moduleExports(program: SyntaxNode): ModuleExports {
  const out: ModuleExports = { exports: [], stars: [], unknown: [], esm: false, commonjs: false };
  const locals = new Map<string, { kind: CodeKind; node: SyntaxNode }>();
  const body = (program.body as SyntaxNode[]) ?? [];
  // A function whose prototype the module builds is a class compiled to ES5.
  const built = prototypeBuiltNames(program);
  const asBuilt = (name: string, kind: CodeKind) =>
    kind === "function" && built.has(name) ? "class" : kind;
  for (const statement of body)
    for (const declared of declarationsOf(statement))
      locals.set(declared.name, { ...declared, kind: asBuilt(declared.name, declared.kind) });
  const state: Collect = { out, locals };
  for (const statement of body) readStatement(statement, state);
  readCommonJs(program, state);
  const seen = new Map<string, ModuleExport>();
  out.exports = out.exports.filter((entry) => {
    entry.kind = asBuilt(entry.name, entry.kind);
    const first = seen.get(entry.name);
    // TypeScript's `exports.a = exports.b = void 0` names the exports first; `exports.a = a`
    // later says what each is.
    if (first?.kind === "value" && entry.kind !== "value") Object.assign(first, entry);
    if (first) return false;
    seen.set(entry.name, entry);
    return true;
  });
  return out;
}

/** The ESM and TypeScript export statements at the top level. */
function readStatement(statement: SyntaxNode, state: Collect): void {
  const { out } = state;
  const add = (name: string, kind: CodeKind, node: SyntaxNode) =>
    out.exports.push({ name, kind, line: lineOf(node) });
  switch (statement.type) {
    case "ExportNamedDeclaration": {
      out.esm = true;
      const declaration = statement.declaration;
      if (isNode(declaration))
        for (const declared of declarationsOf(declaration))
          add(declared.name, declared.kind, declaration);
      for (const specifier of (statement.specifiers as SyntaxNode[]) ?? []) {
        const exported = nameOf(specifier.exported) ?? nameOf(specifier.local);
        if (exported === null) continue;
        const local = nameOf(specifier.local);
        const kind =
          statement.exportKind === "type" || specifier.exportKind === "type"
            ? "type"
            : statement.source || local === null
              ? "value"
              : (state.locals.get(local)?.kind ?? "value");
        add(exported, kind, specifier);
      }
      return;
    }
    case "ExportDefaultDeclaration":
      out.esm = true;
      add("default", kindOfValue(statement.declaration, state.locals), statement);
      return;
    case "ExportAllDeclaration": {
      out.esm = true;
      const exported = nameOf(statement.exported);
      const from = nameOf(statement.source);
      if (exported !== null) add(exported, "namespace", statement);
      else if (from !== null) out.stars.push({ from, line: lineOf(statement) });
      return;
    }
    case "TSExportAssignment":
      out.commonjs = true;
      wholeValue(statement.expression as SyntaxNode, statement, state);
      return;
    case "TSImportEqualsDeclaration":
      if (statement.isExport === true) {
        out.esm = true;
        const name = nameOf(statement.id);
        if (name !== null) add(name, "value", statement);
      }
      return;
    default:
  }
}

/** `module.exports = value` or `export = value`: the names of an object, a re-export, or a value with no names to list. */
function wholeValue(value: SyntaxNode, at: SyntaxNode, state: Collect): void {
  const { out } = state;
  const required = requiredModule(value);
  if (required !== null) {
    out.stars.push({ from: required, line: lineOf(at) });
    return;
  }
  if (value.type === "ObjectExpression") {
    objectNames(value, state);
    return;
  }
  if (value.type === "CallExpression" && calleeName(value) === "__toCommonJS") return;
  const local = value.type === "Identifier" ? state.locals.get(value.name as string) : undefined;
  if (local?.node.type === "ObjectExpression") {
    objectNames(local.node, state);
    return;
  }
  if (local?.kind === "namespace" && isNode(local.node.body)) {
    for (const member of (local.node.body.body as SyntaxNode[]) ?? [])
      for (const declared of declarationsOf(
        member.type === "ExportNamedDeclaration" && isNode(member.declaration)
          ? member.declaration
          : member,
      ))
        out.exports.push({ name: declared.name, kind: declared.kind, line: lineOf(member) });
    return;
  }
  const kind = kindOfValue(value, state.locals);
  const name = value.type === "Identifier" ? String(value.name) : nameOf(value.id);
  if ((kind === "function" || kind === "class") && name !== null) {
    out.whole = { name, kind, line: lineOf(at) };
    return;
  }
  out.unknown.push({
    reason: `the module's whole value is ${kind === "value" ? "a value" : `a ${kind}`}${value.type === "Identifier" ? ` (${String(value.name)})` : ""}, not an object of names`,
    line: lineOf(at),
  });
}

/** The names of an object literal's own keys (`{ a, b: 1, c() {} }`); a spread of `require("m")` re-exports m. */
function objectNames(object: SyntaxNode, state: Collect): void {
  const { out } = state;
  for (const property of (object.properties as SyntaxNode[]) ?? []) {
    if (property.type === "SpreadElement") {
      const required = requiredModule(property.argument as SyntaxNode);
      if (required !== null) out.stars.push({ from: required, line: lineOf(property) });
      else
        out.unknown.push({
          reason: "a spread whose names are not written out",
          line: lineOf(property),
        });
      continue;
    }
    const name = property.computed === true ? null : nameOf(property.key);
    if (name === null) {
      out.unknown.push({ reason: "a computed key", line: lineOf(property) });
      continue;
    }
    const kind = property.method === true ? "function" : kindOfValue(property.value, state.locals);
    out.exports.push({ name, kind, line: lineOf(property) });
  }
}

/** `require("m")` → "m"; anything else → null. */
function requiredModule(node: SyntaxNode): string | null {
  if (node.type !== "CallExpression" || calleeName(node) !== "require") return null;
  const [first] = (node.arguments as SyntaxNode[]) ?? [];
  return first?.type === "Literal" && typeof first.value === "string" ? first.value : null;
}

/** The name of a call's callee: `f(…)` and `tslib.f(…)` → "f". */
function calleeName(call: SyntaxNode): string | null {
  const callee = call.callee as SyntaxNode;
  if (callee.type === "Identifier") return callee.name as string;
  if (callee.type === "MemberExpression" && callee.computed !== true)
    return nameOf(callee.property);
  return null;
}

/** The property a member expression names, computed string keys included: `exports["a-b"]` → "a-b". */
function memberName(node: SyntaxNode): string | null {
  return node.computed === true
    ? isNode(node.property) &&
      node.property.type === "Literal" &&
      typeof node.property.value === "string"
      ? node.property.value
      : null
    : nameOf(node.property);
}

/**
 * Every use of `exports` and `module.exports` in the module: the patterns that export a name
 * are read, a read of a property (`exports.a()`) changes nothing, and any other use is unknown.
 */
function readCommonJs(program: SyntaxNode, state: Collect): void {
  const { out } = state;
  const aliases = exportsAliases(program, state);
  const visit = (node: SyntaxNode, parent: SyntaxNode | null, grand: SyntaxNode | null) => {
    if (isExportsObject(node)) {
      readExportsUse(node, parent, grand, state);
      return;
    }
    if (node.type === "Identifier" && aliases.has(node.name as string)) {
      readAliasUse(node, parent, grand, state);
      return;
    }
    if (node.type === "CallExpression") {
      const name = calleeName(node);
      const args = (node.arguments as SyntaxNode[]) ?? [];
      if ((name === "__exportStar" || name === "__export") && args.length >= 1) {
        const required = requiredModule(args[0]!);
        if (required !== null) {
          out.commonjs = true;
          out.stars.push({ from: required, line: lineOf(node) });
          return;
        }
        if (name === "__export" && args[1]?.type === "ObjectExpression") {
          out.commonjs = true;
          objectNames(args[1], state);
          return;
        }
      }
    }
    for (const child of referenceChildren(node)) visit(child, node, parent);
  };
  visit(program, null, null);
}

/** One use of `exports`/`module.exports`, with its parent and grandparent nodes. */
function readExportsUse(
  node: SyntaxNode,
  parent: SyntaxNode | null,
  grand: SyntaxNode | null,
  state: Collect,
): void {
  const { out } = state;
  const unknown = (reason: string) => out.unknown.push({ reason, line: lineOf(node) });
  // `module.exports = value`
  if (parent?.type === "AssignmentExpression" && parent.left === node && parent.operator === "=") {
    out.commonjs = true;
    wholeValue(parent.right as SyntaxNode, parent, state);
    return;
  }
  if (parent?.type === "MemberExpression" && parent.object === node) {
    const name = memberName(parent);
    // `exports.x = value`
    if (grand?.type === "AssignmentExpression" && grand.left === parent) {
      out.commonjs = true;
      setExport(parent, grand, state, () => unknown("an export under a computed name"));
      return;
    }
    // `exports.x` read, or `exports.x.y = …` (changes a value, not the names).
    if (name !== null) return;
    unknown("a computed property of exports");
    return;
  }
  if (parent?.type === "CallExpression" && (parent.arguments as unknown[])?.[0] === node) {
    const callee = parent.callee as SyntaxNode;
    const args = parent.arguments as SyntaxNode[];
    const isDefine =
      callee.type === "MemberExpression" &&
      isNode(callee.object) &&
      callee.object.type === "Identifier" &&
      callee.object.name === "Object" &&
      nameOf(callee.property) === "defineProperty";
    if (isDefine) {
      out.commonjs = true;
      const key = args[1];
      // `Object.defineProperty(exports, Symbol.toStringTag, …)` names no export.
      if (key?.type === "Literal" && typeof key.value === "string") {
        if (key.value !== "__esModule")
          out.exports.push({ name: key.value, kind: "value", line: lineOf(parent) });
      } else if (!(
        key?.type === "MemberExpression" && nameOf(key.object as SyntaxNode) === "Symbol"
      ))
        unknown("Object.defineProperty with a computed name");
      return;
    }
  }
  // `__exportStar(require("m"), exports)`: read with the call.
  if (
    parent?.type === "CallExpression" &&
    ["__exportStar", "__export"].includes(calleeName(parent) ?? "")
  )
    return;
  // `typeof exports`, `exports` as a UMD wrapper's test: no names.
  if (parent?.type === "UnaryExpression" && parent.operator === "typeof") return;
  unknown("exports used in a way a static read does not follow");
}

/**
 * The local names bound to the exported object (`const proto = module.exports = { … }`, or the
 * local object `module.exports = api` names): names set on them are exports, and passing them
 * to a function (`delegate(proto, "response")`) may add names a static read cannot see.
 */
function exportsAliases(program: SyntaxNode, state: Collect): Set<string> {
  const aliases = new Set<string>();
  for (const statement of (program.body as SyntaxNode[] | undefined) ?? []) {
    if (statement.type === "VariableDeclaration")
      for (const declarator of (statement.declarations as SyntaxNode[]) ?? []) {
        const name = nameOf(declarator.id);
        if (exportedValueOf(declarator.init) !== null && name !== null) aliases.add(name);
      }
    const expression = statement.type === "ExpressionStatement" ? statement.expression : null;
    if (
      isNode(expression) &&
      expression.type === "AssignmentExpression" &&
      isExportsObject(expression.left) &&
      isNode(expression.right) &&
      expression.right.type === "Identifier" &&
      state.locals.get(expression.right.name as string)?.node.type === "ObjectExpression"
    )
      aliases.add(expression.right.name as string);
  }
  return aliases;
}

/** One use of a name bound to the exported object (see `exportsAliases`). */
function readAliasUse(
  node: SyntaxNode,
  parent: SyntaxNode | null,
  grand: SyntaxNode | null,
  state: Collect,
): void {
  const { out } = state;
  const name = node.name as string;
  const unknown = (reason: string) => out.unknown.push({ reason, line: lineOf(node) });
  // Its own declaration, and `module.exports = api`: read already.
  if (parent?.type === "VariableDeclarator" && parent.id === node) return;
  if (
    parent?.type === "AssignmentExpression" &&
    parent.right === node &&
    isExportsObject(parent.left)
  )
    return;
  // `list.default = list` (postcss): the object set as its own property, which adds no name but
  // the one the left side sets (read with the left side).
  if (
    parent?.type === "AssignmentExpression" &&
    parent.right === node &&
    isNode(parent.left) &&
    parent.left.type === "MemberExpression" &&
    nameOf(parent.left.object) === name
  )
    return;
  if (parent?.type === "MemberExpression" && parent.object === node) {
    const key = memberName(parent);
    if (grand?.type === "AssignmentExpression" && grand.left === parent) {
      setExport(parent, grand, state, () =>
        unknown(`an export set on ${name} under a computed name`),
      );
      return;
    }
    if (key !== null) return;
    unknown(`a computed property of ${name}, the exported object`);
    return;
  }
  if (
    (parent?.type === "CallExpression" || parent?.type === "NewExpression") &&
    parent.callee !== node
  )
    unknown(
      `${name}, the exported object, is passed to ${calleeName(parent) ?? "a function"}(), which may add names`,
    );
  // `const other = proto`, `x.y = proto`: another name for it, which may add names.
  else if (
    (parent?.type === "VariableDeclarator" && parent.init === node) ||
    (parent?.type === "AssignmentExpression" && parent.right === node) ||
    parent?.type === "SpreadElement" ||
    parent?.type === "Property"
  )
    unknown(`${name}, the exported object, is given another name`);
  // Compared or tested (`this === proto`): no names change.
}

/**
 * `exports.x = value` (or on a name for the exported object): the name `x`; a symbol's key
 * (`module.exports[util.inspect.custom] = …`) names no export, and any other computed key is
 * `computed`'s to say.
 */
function setExport(
  member: SyntaxNode,
  assignment: SyntaxNode,
  state: Collect,
  computed: () => void,
): void {
  const name = memberName(member);
  if (name === null) {
    if (!isSymbolKey(member.property)) computed();
    return;
  }
  if (name !== "__esModule")
    state.out.exports.push({
      name,
      kind: kindOfValue(assignment.right, state.locals),
      line: lineOf(assignment),
    });
}

/** `Symbol.iterator`, `Symbol.for("x")`, `util.inspect.custom`: a key that is a symbol, never a name. */
function isSymbolKey(key: unknown): boolean {
  if (!isNode(key)) return false;
  if (key.type === "MemberExpression")
    return (
      nameOf(key.object) === "Symbol" ||
      (nameOf(key.property) === "custom" &&
        isNode(key.object) &&
        key.object.type === "MemberExpression" &&
        nameOf(key.object.property) === "inspect")
    );
  return (
    key.type === "CallExpression" && (calleeName(key) === "Symbol" || calleeName(key) === "for")
  );
}
