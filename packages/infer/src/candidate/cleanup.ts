/**
 * Deterministic rewrites of the mistakes small models make when they write JavaScript for
 * lackpy: Node imports and `fs`/`path`/`console` calls, `var`, block-bodied arrows and a
 * top-level `return`. Variables named like helpers are left alone: they shadow the helper
 * (language.md §5). The program is parsed, rewritten on the AST and printed again with astring;
 * text that does not parse is returned unchanged.
 */
import { generate } from "astring";
import { forEachNode, parseProgram, type Node } from "@lackpy/lang";

const FS_READ = new Set(["readFileSync", "readFile"]);
const FS_WRITE = new Set(["writeFileSync", "writeFile"]);

/** Builds a synthetic node (no positions; astring does not need them). */
const make = (fields: Record<string, unknown>): Node => fields as unknown as Node;
const call = (name: string, args: Node[]): Node =>
  make({
    type: "CallExpression",
    callee: make({ type: "Identifier", name }),
    arguments: args,
    optional: false,
  });

function isRequire(node: Node | null | undefined): boolean {
  return (
    node?.type === "CallExpression" &&
    node.callee.type === "Identifier" &&
    node.callee.name === "require"
  );
}

function memberPath(node: Node): string | null {
  if (node.type === "Identifier") return node.name;
  if (node.type === "MemberExpression" && !node.computed) {
    const object = memberPath(node.object);
    return object ? `${object}.${node.property.name}` : null;
  }
  return null;
}

/**
 * True when a Node `fs` call passes `required` leading arguments and at most an encoding or
 * options literal after them: no callback, whose work the rewrite would silently drop.
 */
function hasOnlyData(node: Node, required: number): boolean {
  const rest = node.arguments.slice(required);
  return (
    node.arguments.length >= required &&
    rest.length <= 1 &&
    rest.every(
      (argument: Node) => argument.type === "Literal" || argument.type === "ObjectExpression",
    )
  );
}

/** Rewrites one call expression in place when it is a known Node idiom; returns the change made. */
function rewriteCall(node: Node): string | null {
  const callee = memberPath(node.callee) ?? "";
  const method = callee.split(".").at(-1) ?? "";
  if (/^fs(\.promises)?\./.test(callee) && FS_READ.has(method) && hasOnlyData(node, 1)) {
    Object.assign(node, call("read_file", node.arguments.slice(0, 1)));
    return "fs read → read_file";
  }
  if (/^fs(\.promises)?\./.test(callee) && FS_WRITE.has(method) && hasOnlyData(node, 2)) {
    Object.assign(node, call("write_file", node.arguments.slice(0, 2)));
    return "fs write → write_file";
  }
  if (callee === "console.log" || callee === "console.info" || callee === "console.error") {
    Object.assign(node, call("print", node.arguments));
    return "console.log → print";
  }
  if (callee === "path.join" && node.arguments.length > 0) {
    const quasis: Node[] = [];
    const expressions: Node[] = [];
    node.arguments.forEach((argument: Node, index: number) => {
      quasis.push(
        make({
          type: "TemplateElement",
          value: { raw: index === 0 ? "" : "/", cooked: index === 0 ? "" : "/" },
          tail: false,
        }),
      );
      expressions.push(argument);
    });
    quasis.push(make({ type: "TemplateElement", value: { raw: "", cooked: "" }, tail: true }));
    for (const key of Object.keys(node)) delete node[key];
    Object.assign(node, { type: "TemplateLiteral", quasis, expressions });
    return "path.join → template string";
  }
  if (callee === "path.basename" && node.arguments.length === 1) {
    const split = {
      type: "CallExpression",
      callee: {
        type: "MemberExpression",
        object: node.arguments[0],
        property: { type: "Identifier", name: "split" },
        computed: false,
        optional: false,
      },
      arguments: [{ type: "Literal", value: "/" }],
      optional: false,
    };
    Object.assign(node, {
      callee: {
        type: "MemberExpression",
        object: split,
        property: { type: "Identifier", name: "at" },
        computed: false,
        optional: false,
      },
      arguments: [{ type: "Literal", value: -1 }],
    });
    return "path.basename → split/at";
  }
  return null;
}

/** Applies every rewrite; returns the new program and the changes made (empty when nothing changed or the text does not parse). */
export function cleanup(program: string): { program: string; changes: string[] } {
  const parsed = parseProgram(program);
  if (!parsed.ok) return { program, changes: [] };
  const ast = parsed.ast;
  const changes = new Set<string>();
  // Top-level statements: drop imports and require declarations, unwrap a final return.
  const last = ast.body.at(-1);
  ast.body = ast.body.flatMap((statement: Node): Node[] => {
    if (statement.type === "ImportDeclaration") {
      changes.add("dropped import");
      return [];
    }
    if (
      statement.type === "VariableDeclaration" &&
      statement.declarations.every((declarator: Node) => isRequire(declarator.init))
    ) {
      changes.add("dropped require");
      return [];
    }
    if (statement.type === "ExpressionStatement" && isRequire(statement.expression)) {
      changes.add("dropped require");
      return [];
    }
    if (statement.type === "ReturnStatement" && statement === last && statement.argument) {
      changes.add("final top-level return → expression");
      return [make({ type: "ExpressionStatement", expression: statement.argument })];
    }
    return [statement];
  });
  finalLogToAnswer(ast, changes);
  forEachNode(ast, (node) => {
    if (node.type === "VariableDeclaration" && node.kind === "var") {
      node.kind = "let";
      changes.add("var → let");
    }
    if (node.type === "CallExpression") {
      const change = rewriteCall(node);
      if (change) changes.add(change);
    }
    if (
      node.type === "ArrowFunctionExpression" &&
      node.body.type === "BlockStatement" &&
      node.body.body.length === 1 &&
      node.body.body[0].type === "ReturnStatement" &&
      node.body.body[0].argument
    ) {
      node.body = node.body.body[0].argument;
      node.expression = true;
      changes.add("block arrow → expression arrow");
    }
    if (node.type === "AwaitExpression" && node.argument.type !== "CallExpression") {
      Object.assign(node, node.argument);
      changes.add("dropped await on a value");
    }
  });
  if (changes.size === 0) return { program, changes: [] };
  return { program: generate(ast as never).trim(), changes: [...changes] };
}

/** A program that ends with `console.log(x)` means `x` as its answer (Node has no final-expression output). */
function finalLogToAnswer(ast: Node, changes: Set<string>): void {
  const last = ast.body.at(-1);
  if (last?.type !== "ExpressionStatement" || last.expression.type !== "CallExpression") return;
  const call = last.expression;
  if (memberPath(call.callee) !== "console.log" || call.arguments.length !== 1) return;
  if (call.arguments[0].type === "SpreadElement") return;
  last.expression = call.arguments[0];
  changes.add("final console.log → answer");
}
