import type { Node } from "../parse/parse-program.js";

/** The identifiers a binding or assignment pattern binds, in source order (member targets skipped). */
export function patternIdentifiers(node: Node | null | undefined): Node[] {
  const identifiers: Node[] = [];
  collectIdentifiers(node, identifiers);
  return identifiers;
}

function collectIdentifiers(node: Node | null | undefined, into: Node[]): void {
  if (!node) return;
  switch (node.type) {
    case "Identifier":
      into.push(node);
      return;
    case "ObjectPattern":
      for (const property of node.properties)
        collectIdentifiers(
          property.type === "RestElement" ? property.argument : property.value,
          into,
        );
      return;
    case "ArrayPattern":
      for (const element of node.elements) collectIdentifiers(element, into);
      return;
    case "AssignmentPattern":
      return collectIdentifiers(node.left, into);
    case "RestElement":
      return collectIdentifiers(node.argument, into);
    case "VariableDeclaration":
      for (const declarator of node.declarations) collectIdentifiers(declarator.id, into);
      return;
  }
}

const HOST_HINTS: Record<string, string> = {
  console: "use print(value) to write a line to stdout",
  fs: "call the kit's file tools directly, e.g. read_file(path) or find_files(pattern)",
  path: 'paths are plain strings relative to the workspace: use `${dir}/${name}` and .split("/")',
  require: "tools are already in scope: call them by name, e.g. read_file(path)",
  process:
    "there is no process: use parameters for inputs and end with an expression for the output",
  module: "end the program with the value as a bare expression",
  exports: "end the program with the value as a bare expression",
  Date: "dates are not available inside programs; ask a tool for them or take them as a parameter",
  Map: "use dict(...) or plain objects { key: value }",
  Set: "use set(xs) to make a set",
  open: "use read_file(path)",
  os: "call the kit's tools directly",
  document: "there is no DOM: call the kit's tools",
  window: "there is no global object: call the kit's tools",
  globalThis: "there is no global object: call the kit's tools",
  eval: "write the code directly",
  Function: "pass an arrow function directly to a helper or method",
  setTimeout: "programs cannot wait; call tools directly",
  fetch: "programs cannot reach the network; use the kit's tools",
};

/** A fix for a name that models often reach for but lackpy does not have. */
export function unknownNameHint(name: string): string | undefined {
  return Object.hasOwn(HOST_HINTS, name) ? HOST_HINTS[name] : undefined;
}
