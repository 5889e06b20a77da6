/**
 * The validator's walk. One recursive pass over an acorn AST (depth already bounded by
 * `measureDepth`) that knows each node's role: a name can be read, called, written, declared,
 * used as the object of a member, or passed as a callback, and the rules of language.md
 * sections 2-5 differ by role. Scopes follow `let`/`const` blocks; an assignment to an undeclared
 * name declares a top-level binding (cell semantics), so reads of such names are resolved
 * against every assignment in the program.
 */
import { asiHazardStart } from "./asi-hazard.js";
import { forbiddenPropertyMessage, isForbiddenProperty } from "./check-property.js";
import { checkNodeSyntax } from "./check-syntax.js";
import type { Node } from "./parse-program.js";
import {
  ALL_ALLOWED_METHODS,
  isForbiddenName,
  nearestName,
  type PredefinedNames,
} from "./predefined-names.js";
import { patternIdentifiers, unknownNameHint } from "./program-names.js";
import type { ValidationError, ValidationErrorCode } from "./types.js";
import { forEachChild } from "./walk.js";

type BindingKind = "const" | "let";
type Role = "read" | "callee" | "member-object" | "callback" | "tool-argument" | "typeof";

interface Scope {
  bindings: Map<string, BindingKind>;
  parent: Scope | null;
}

/** Walks one parsed program and collects errors, calls, variables and the tools it uses. */
export class ProgramChecker {
  readonly errors: ValidationError[] = [];
  readonly calls: string[] = [];
  readonly variables: string[] = [];
  readonly toolsUsed = new Set<string>();
  private readonly cellNames = new Set<string>();
  private scope: Scope = { bindings: new Map(), parent: null };
  private programScope = this.scope;

  constructor(
    private readonly source: string,
    private readonly names: PredefinedNames,
  ) {}

  /** Checks a whole Program node. */
  check(program: Node): void {
    this.programScope = this.scope = { bindings: hoist(program.body), parent: null };
    for (const statement of program.body) this.visit(statement, "read");
  }

  private report(
    code: ValidationErrorCode,
    node: Node | number,
    message: string,
    hint?: string,
  ): void {
    const position =
      typeof node === "number"
        ? positionOf(this.source, node)
        : (node.loc?.start ?? { line: 1, column: 0 });
    this.errors.push({
      code,
      message,
      line: position.line,
      column: position.column,
      ...(hint ? { hint } : {}),
    });
  }

  private visit(node: Node | null | undefined, role: Role): void {
    if (!node) return;
    const hazard = asiHazardStart(node, this.source);
    if (hazard !== null) {
      this.report(
        "asi_hazard",
        hazard,
        "A line starting with '(', '[' or '`' continues the expression on the line before it.",
        "end the previous line with ';' or assign the value to a variable first",
      );
    }
    const problem = checkNodeSyntax(node);
    if (problem) {
      if (hazard === null || node.type !== "TaggedTemplateExpression")
        this.report("forbidden_syntax", node, problem.message, problem.hint);
      return;
    }
    switch (node.type) {
      case "Identifier":
        return this.reference(node, role);
      case "VariableDeclaration":
        for (const declarator of node.declarations) {
          this.visit(declarator.init, "read");
          this.declarePattern(declarator.id, node.kind);
        }
        return;
      case "IfStatement":
        this.visit(node.test, "read");
        this.visitBody(node.consequent);
        if (node.alternate) this.visitBody(node.alternate);
        return;
      case "ForOfStatement":
        return this.forOf(node);
      case "BlockStatement":
        return this.report(
          "forbidden_syntax",
          node,
          "A standalone block { ... } is not allowed.",
          "blocks are only allowed as the body of if and for...of; remove the braces",
        );
      case "ArrayExpression":
        if (node.elements.includes(null))
          this.report(
            "forbidden_syntax",
            node,
            "Empty slots in an array literal are not allowed.",
            "write undefined or null for a missing item",
          );
        for (const element of node.elements) this.visit(element, "read");
        return;
      case "ObjectExpression":
        return this.objectExpression(node);
      case "MemberExpression":
        return this.member(node);
      case "ChainExpression":
        return this.visit(node.expression, role);
      case "CallExpression":
        return this.call(node);
      case "UnaryExpression":
        return this.visit(node.argument, node.operator === "typeof" ? "typeof" : "read");
      case "UpdateExpression":
        return this.target(node.argument, "update");
      case "AssignmentExpression":
        this.visit(node.right, "read");
        return this.target(node.left, node.operator === "=" ? "assign" : "update");
      case "AwaitExpression": {
        const argument =
          node.argument.type === "ChainExpression" ? node.argument.expression : node.argument;
        if (argument.type !== "CallExpression")
          this.report(
            "await_position",
            node,
            "'await' can only be used directly on a call.",
            "remove await: tool calls are awaited for you",
          );
        return this.visit(node.argument, role === "callback" ? "read" : role);
      }
      case "ArrowFunctionExpression":
        return this.arrow(node, role);
      default:
        forEachChild(node, (child) => this.visit(child, "read"));
    }
  }

  private visitBody(node: Node): void {
    if (node.type !== "BlockStatement") return this.visit(node, "read");
    this.withScope(hoist(node.body), () => {
      for (const statement of node.body) this.visit(statement, "read");
    });
  }

  private withScope(bindings: Map<string, BindingKind>, body: () => void): void {
    this.scope = { bindings, parent: this.scope };
    try {
      body();
    } finally {
      this.scope = this.scope.parent!;
    }
  }

  private forOf(node: Node): void {
    this.visit(node.right, "read");
    const left = node.left;
    const bindings = new Map<string, BindingKind>();
    if (left.type === "VariableDeclaration") {
      if (checkNodeSyntax(left)) return this.visit(left, "read");
      for (const name of patternIdentifiers(left.declarations[0].id))
        bindings.set(name.name, left.kind);
    }
    this.withScope(bindings, () => {
      if (left.type === "VariableDeclaration")
        this.declarePattern(left.declarations[0].id, left.kind);
      else this.target(left, "assign");
      this.visitBody(node.body);
    });
  }

  private objectExpression(node: Node): void {
    for (const property of node.properties) {
      if (property.type === "SpreadElement") {
        this.visit(property.argument, "read");
        continue;
      }
      const problem = checkNodeSyntax(property);
      if (problem) {
        this.report("forbidden_syntax", property, problem.message, problem.hint);
        continue;
      }
      this.propertyKey(property);
      this.visit(property.value, "read");
    }
  }

  /** Checks the key of an object literal or object pattern property. */
  private propertyKey(property: Node): void {
    if (property.shorthand) return;
    const key = property.key;
    if (!property.computed) {
      const name = key.type === "Identifier" ? key.name : String(key.value);
      if (isForbiddenProperty(name)) this.forbiddenProperty(key, name);
    } else if (key.type === "Literal") {
      if (isForbiddenProperty(String(key.value))) this.forbiddenProperty(key, String(key.value));
    } else {
      this.visit(key, "read");
    }
  }

  private forbiddenProperty(node: Node, name: string): void {
    const { message, hint } = forbiddenPropertyMessage(name);
    this.report("forbidden_property", node, message, hint);
  }

  /** The static name of a member's property, or null when it is only known at run time. */
  private staticPropertyName(node: Node): string | null {
    if (!node.computed) return node.property.name;
    const property = node.property;
    if (property.type === "Literal") return String(property.value);
    if (property.type === "TemplateLiteral" && property.expressions.length === 0)
      return property.quasis[0].value.cooked ?? null;
    return null;
  }

  private member(node: Node): void {
    this.visit(node.object, "member-object");
    const name = this.staticPropertyName(node);
    if (name === null) return this.visit(node.property, "read");
    if (isForbiddenProperty(name)) return this.forbiddenProperty(node.property, name);
    if (node.object.type === "Identifier" && !this.local(node.object.name)) {
      const members = this.names.namespaceMembers(node.object.name);
      if (members && !members.has(name)) {
        const suggestion = nearestName(name, members.keys());
        this.report(
          "unknown_name",
          node.property,
          `${node.object.name}.${name} does not exist in lackpy.`,
          suggestion
            ? `use ${node.object.name}.${suggestion}`
            : `available: ${[...members.keys()].join(", ")}`,
        );
      }
    }
  }

  private call(node: Node): void {
    const callee = node.callee;
    let argumentRole: Role = "read";
    if (callee.type === "Identifier") {
      argumentRole = this.bareCall(node, callee);
    } else if (callee.type === "MemberExpression") {
      this.visit(callee, "callee");
      const method = this.staticPropertyName(callee);
      const namespace =
        callee.object.type === "Identifier" && !this.local(callee.object.name)
          ? this.names.namespaceMembers(callee.object.name)
          : undefined;
      const takesCallbacks =
        method !== null &&
        (namespace ? namespace.get(method) === "function" : ALL_ALLOWED_METHODS.has(method));
      argumentRole = takesCallbacks ? "callback" : "read";
    } else {
      this.visit(callee, "callee");
    }
    for (const argument of node.arguments) {
      if (argument.type === "SpreadElement")
        this.visit(argument.argument, argumentRole === "tool-argument" ? "tool-argument" : "read");
      else this.visit(argument, argumentRole);
    }
  }

  /** Checks a call by bare name and returns the role its arguments play. */
  private bareCall(node: Node, callee: Node): Role {
    const name: string = callee.name;
    if (isForbiddenName(name)) {
      this.reference(callee, "callee");
      return "read";
    }
    this.calls.push(name);
    const predefined = this.names.get(name);
    if (this.local(name)) {
      this.report(
        "unknown_function",
        callee,
        `'${name}' is a variable of the program, not a function you can call.`,
        "call a kit tool, a helper or a safe global by name",
      );
      return "read";
    }
    if (
      !predefined ||
      predefined.kind === "global_namespace" ||
      predefined.kind === "global_value"
    ) {
      const callable = this.names.all().filter((candidate) => this.names.isCallable(candidate));
      const suggestion = nearestName(name, callable);
      const what =
        predefined?.kind === "global_namespace"
          ? `'${name}' is not a function; call one of its members, e.g. ${name}.${[...(this.names.namespaceMembers(name)?.keys() ?? [])][0]}(...)`
          : `'${name}' is not a kit tool, helper or safe global.`;
      this.report(
        "unknown_function",
        callee,
        what,
        suggestion
          ? `did you mean ${suggestion}(...)?`
          : (unknownNameHint(name) ?? "call only the kit's tools and the helper builtins"),
      );
      return "read";
    }
    if (predefined.kind === "tool") {
      this.toolsUsed.add(name);
      this.checkArity(node, name);
      return "tool-argument";
    }
    return predefined.kind === "param" ? "tool-argument" : "callback";
  }

  private checkArity(node: Node, name: string): void {
    const args = this.names.get(name)?.tool?.args;
    if (!args || node.arguments.some((argument: Node) => argument.type === "SpreadElement")) return;
    const required = args.filter((arg) => !arg.optional).length;
    const given = node.arguments.length;
    if (given >= required && given <= args.length) return;
    const signature = `${name}(${args.map((arg) => (arg.optional ? `${arg.name}?` : arg.name)).join(", ")})`;
    const expected = required === args.length ? `${required}` : `${required} to ${args.length}`;
    this.report(
      "bad_arity",
      node,
      `${name} takes ${expected} argument${args.length === 1 ? "" : "s"} but was called with ${given}.`,
      `call it as ${signature}`,
    );
  }

  private arrow(node: Node, role: Role): void {
    if (role !== "callback") {
      this.report(
        "arrow_position",
        node,
        "An arrow function can only be passed directly to a helper or method, such as xs.map(x => ...).",
        role === "tool-argument"
          ? "kit tools take plain data: compute the value first, then pass it"
          : "inline the arrow where it is used, e.g. sorted(xs, x => x.size)",
      );
    }
    if (node.body.type === "BlockStatement") {
      const [only] = node.body.body;
      if (node.body.body.length !== 1 || only.type !== "ReturnStatement" || !only.argument) {
        return this.report(
          "forbidden_syntax",
          node.body,
          "An arrow function body must be a single expression.",
          "write x => expression, or { return expression } with nothing else",
        );
      }
      node.body = only.argument;
      node.expression = true;
    }
    const bindings = new Map<string, BindingKind>();
    for (const parameter of node.params)
      for (const name of patternIdentifiers(parameter)) bindings.set(name.name, "let");
    this.withScope(bindings, () => {
      for (const parameter of node.params) this.declarePattern(parameter, "let");
      this.visit(node.body, "read");
    });
  }

  private reference(node: Node, role: Role): void {
    const name: string = node.name;
    if (isForbiddenName(name)) {
      return this.report(
        "forbidden_name",
        node,
        `'${name}' is not available in lackpy programs.`,
        unknownNameHint(name) ?? "use only the kit's tools, helpers and safe globals",
      );
    }
    if (this.local(name)) return;
    const predefined = this.names.get(name);
    if (!predefined) {
      if (role === "typeof") return;
      const suggestion = nearestName(name, [...this.names.all(), ...this.localNames()]);
      return this.report(
        "unknown_name",
        node,
        `'${name}' is not defined.`,
        unknownNameHint(name) ??
          (suggestion ? `did you mean ${suggestion}?` : "assign it before use, or use a kit tool"),
      );
    }
    const kind = predefined.kind;
    if (kind === "param" || kind === "global_value" || role === "typeof") return;
    if (kind === "tool") this.toolsUsed.add(name);
    if (kind === "global_namespace") {
      if (role !== "member-object")
        this.report(
          "callable_as_value",
          node,
          `${name} can only be used through its members, e.g. ${name}.${[...(this.names.namespaceMembers(name)?.keys() ?? [])][0]}.`,
          `call ${name}'s members directly`,
        );
      return;
    }
    if (role === "callback" || role === "callee") return;
    const hint =
      role === "tool-argument"
        ? "kit tools take plain data: call the function first and pass its result"
        : `call it directly: ${name}(...)`;
    this.report(
      "callable_as_value",
      node,
      `'${name}' is a function and can only be called or passed directly to a helper or method.`,
      hint,
    );
  }

  /** Checks the target of an assignment, update or for...of head. */
  private target(node: Node, kind: "assign" | "update"): void {
    if (node.type === "Identifier") return this.write(node);
    if (node.type === "MemberExpression") return this.memberWrite(node);
    if (node.type === "ChainExpression")
      return this.report(
        "forbidden_syntax",
        node,
        "Optional chaining cannot be assigned to.",
        "assign to obj.field directly",
      );
    if (kind === "update") return this.visit(node, "read");
    this.pattern(node, (identifier) => this.write(identifier));
  }

  private write(node: Node): void {
    const name: string = node.name;
    if (isForbiddenName(name)) return this.reference(node, "read");
    const binding = this.lookup(name);
    if (binding === "const") {
      return this.report(
        "assign_to_constant",
        node,
        `'${name}' is a constant and cannot be reassigned.`,
        `declare it with let ${name} = ... if it changes`,
      );
    }
    if (binding) return;
    const predefined = this.names.get(name);
    if (predefined)
      return this.report(
        "assign_to_constant",
        node,
        `'${name}' is ${describeKind(predefined.kind)} and cannot be assigned.`,
        `use another name, e.g. my_${name}`,
      );
    this.addVariable(name);
  }

  private memberWrite(node: Node): void {
    if (
      node.object.type === "Identifier" &&
      this.names.get(node.object.name)?.kind.startsWith("global") &&
      !this.local(node.object.name)
    ) {
      return this.report(
        "assign_to_constant",
        node,
        `${node.object.name} is a safe global and cannot be changed.`,
        "store values in your own variables",
      );
    }
    this.member(node);
    if (this.staticPropertyName(node) === "length") {
      this.report(
        "forbidden_property",
        node.property,
        "The 'length' property is read-only.",
        "use xs.slice(0, n) to shorten an array",
      );
    }
  }

  private declarePattern(node: Node, kind: string): void {
    this.pattern(node, (identifier) => {
      const name: string = identifier.name;
      if (isForbiddenName(name)) return this.reference(identifier, "read");
      const predefined = this.names.get(name);
      if (predefined)
        return this.report(
          "assign_to_constant",
          identifier,
          `'${name}' is ${describeKind(predefined.kind)} and cannot be redeclared.`,
          `use another name, e.g. my_${name}`,
        );
      if (this.scope === this.programScope && kind !== "param") this.addVariable(name);
    });
  }

  /** Walks a binding or assignment pattern, checking keys and defaults, and calls `bind` for each identifier. */
  private pattern(node: Node, bind: (identifier: Node) => void): void {
    switch (node.type) {
      case "Identifier":
        return bind(node);
      case "MemberExpression":
        return this.memberWrite(node);
      case "ObjectPattern":
        for (const property of node.properties) {
          if (property.type === "RestElement") this.pattern(property.argument, bind);
          else {
            this.propertyKey(property);
            this.pattern(property.value, bind);
          }
        }
        return;
      case "ArrayPattern":
        for (const element of node.elements) if (element) this.pattern(element, bind);
        return;
      case "AssignmentPattern":
        this.visit(node.right, "read");
        return this.pattern(node.left, bind);
      case "RestElement":
        return this.pattern(node.argument, bind);
      default:
        this.report(
          "forbidden_syntax",
          node,
          "This assignment target is not allowed.",
          "assign to a variable or obj.field",
        );
    }
  }

  private addVariable(name: string): void {
    if (!this.variables.includes(name)) this.variables.push(name);
  }

  private lookup(name: string): BindingKind | undefined {
    for (let scope: Scope | null = this.scope; scope; scope = scope.parent) {
      const kind = scope.bindings.get(name);
      if (kind) return kind;
    }
    return undefined;
  }

  private local(name: string): boolean {
    return this.lookup(name) !== undefined || this.cellNames.has(name);
  }

  private localNames(): string[] {
    const names = [...this.cellNames];
    for (let scope: Scope | null = this.scope; scope; scope = scope.parent)
      names.push(...scope.bindings.keys());
    return names;
  }

  /** Notes a name assigned without a declaration: it becomes a top-level binding (cell semantics). Called for every node before `check`. */
  noteAssignments(node: Node): void {
    const target =
      node.type === "AssignmentExpression"
        ? node.left
        : node.type === "ForOfStatement" && node.left.type !== "VariableDeclaration"
          ? node.left
          : null;
    if (!target) return;
    for (const identifier of patternIdentifiers(target)) {
      if (!this.names.get(identifier.name) && !isForbiddenName(identifier.name))
        this.cellNames.add(identifier.name);
    }
  }
}

/** Line (1-based) and column (0-based) of the first non-space character at or after `offset`. */
function positionOf(source: string, offset: number): { line: number; column: number } {
  let index = offset;
  while (index < source.length && /[\s)]/.test(source[index])) index++;
  const before = source.slice(0, index);
  const line = before.split("\n").length;
  return { line, column: index - (before.lastIndexOf("\n") + 1) };
}

function hoist(statements: Node[]): Map<string, BindingKind> {
  const bindings = new Map<string, BindingKind>();
  for (const statement of statements) {
    if (statement.type !== "VariableDeclaration") continue;
    // A rejected `var` still binds its names, so one mistake is reported once, not at every use.
    for (const declarator of statement.declarations) {
      for (const identifier of patternIdentifiers(declarator.id))
        bindings.set(identifier.name, statement.kind === "const" ? "const" : "let");
    }
  }
  return bindings;
}

function describeKind(kind: string): string {
  switch (kind) {
    case "param":
      return "a read-only parameter";
    case "tool":
      return "a kit tool";
    case "helper":
      return "a helper builtin";
    default:
      return "a safe global";
  }
}
