/**
 * Compiles binding patterns: names, member targets, object and array destructuring, defaults and
 * rest. Patterns count no steps of their own (as before): only the expressions inside them do
 * (defaults, computed keys, member objects).
 */
import type { Node } from "@lackpy/lang";
import type { Frame } from "./compile-scope.js";
import type { BindMode, Compiled, CompiledPattern, Compiler, PatternCode } from "./compiler.js";
import { iterate } from "../builtins/iterate.js";
import { after } from "../maybe-async.js";
import {
  checkKey,
  readMember,
  restObject,
  toPropertyKey,
  writeMember,
} from "../builtins/members.js";
import { refuseSecret } from "../secrets/secret-value.js";
import { assignName, declareName } from "./name-access.js";
import type { RunContext } from "../run-context.js";

/** The key of an object pattern or literal property: its static name, or code for a computed one. */
export function propertyKey(property: Node, compiler: Compiler): string | Compiled {
  if (property.computed) return compiler.expression(property.key);
  return property.key.type === "Identifier" ? property.key.name : String(property.key.value);
}

/** Compiles a pattern for binding values in `mode`. */
export function compilePattern(node: Node, mode: BindMode, compiler: Compiler): CompiledPattern {
  switch (node.type) {
    case "Identifier":
      return identifier(node, mode, compiler);
    case "MemberExpression":
      return memberTarget(node, compiler);
    case "AssignmentPattern":
      return withDefault(node, mode, compiler);
    case "ArrayPattern":
      return arrayPattern(node, mode, compiler);
    case "ObjectPattern":
      return objectPattern(node, mode, compiler);
    default:
      return {
        async: false,
        code: (context) => {
          throw context.fault("runtime_error", `Cannot assign to ${node.type}.`, node);
        },
      };
  }
}

function identifier(node: Node, mode: BindMode, compiler: Compiler): CompiledPattern {
  if (mode === "assign")
    return { async: false, code: assignName(node, compiler.resolve(node.name)) };
  const binding = compiler.scope.declare(node.name, mode);
  return { async: false, code: declareName(node, binding) };
}

function memberTarget(node: Node, compiler: Compiler): CompiledPattern {
  const object = compiler.expression(node.object);
  const computed = node.computed ? compiler.expression(node.property) : null;
  const staticKey: string = node.computed ? "" : node.property.name;
  if (!object.async && !computed?.async) {
    const objectCode = object.code;
    const keyCode = computed?.code;
    return {
      async: false,
      code: (context, frame, value) => {
        const target = objectCode(context, frame);
        const key = keyCode
          ? toPropertyKey(context, keyCode(context, frame), node.property)
          : staticKey;
        writeMember(context, target, key, value, node);
      },
    };
  }
  return {
    async: true,
    code: (context, frame, value) =>
      after(object.code(context, frame), (target) =>
        computed
          ? after(computed.code(context, frame), (key) =>
              writeMember(context, target, toPropertyKey(context, key, node.property), value, node),
            )
          : writeMember(context, target, staticKey, value, node),
      ),
  };
}

function withDefault(node: Node, mode: BindMode, compiler: Compiler): CompiledPattern {
  const fallback = compiler.expression(node.right);
  const target = compiler.pattern(node.left, mode);
  const bind = target.code;
  const defaultCode = fallback.code;
  if (!fallback.async && !target.async)
    return {
      async: false,
      code: (context, frame, value) =>
        bind(context, frame, value === undefined ? defaultCode(context, frame) : value),
    };
  return {
    async: true,
    code: (context, frame, value) =>
      value === undefined
        ? after(defaultCode(context, frame), (actual) => bind(context, frame, actual))
        : bind(context, frame, value),
  };
}

/** Binds `values[index]` to each element in order, then returns; a promise when one had to wait. */
function bindEach(
  context: RunContext,
  frame: Frame,
  codes: readonly (PatternCode | null)[],
  valueAt: (index: number) => unknown,
  from: number,
): unknown {
  for (let index = from; index < codes.length; index++) {
    const code = codes[index];
    if (!code) continue;
    const done = code(context, frame, valueAt(index));
    if (done instanceof Promise)
      return done.then(() => bindEach(context, frame, codes, valueAt, index + 1));
  }
  return undefined;
}

function arrayPattern(node: Node, mode: BindMode, compiler: Compiler): CompiledPattern {
  const elements: (Node | null)[] = node.elements;
  const compiled = elements.map((element) =>
    element
      ? compiler.pattern(element.type === "RestElement" ? element.argument : element, mode)
      : null,
  );
  const codes = compiled.map((pattern) => pattern?.code ?? null);
  const restAt = elements.findIndex((element) => element?.type === "RestElement");
  return {
    async: compiled.some((pattern) => pattern?.async),
    code: (context, frame, value) => {
      const items = iterate(context, value, node);
      return bindEach(
        context,
        frame,
        codes,
        (index) => (index === restAt ? items.slice(index) : items[index]),
        0,
      );
    },
  };
}

function objectPattern(node: Node, mode: BindMode, compiler: Compiler): CompiledPattern {
  const properties: Node[] = node.properties;
  const parts = properties.map((property) =>
    property.type === "RestElement"
      ? {
          property,
          rest: true as const,
          key: "",
          target: compiler.pattern(property.argument, mode),
        }
      : {
          property,
          rest: false as const,
          key: propertyKey(property, compiler),
          target: compiler.pattern(property.value, mode),
        },
  );
  const isAsync = parts.some(
    (part) => part.target.async || (typeof part.key !== "string" && part.key.async),
  );
  return {
    async: isAsync,
    code: (context, frame, value) => {
      refuseSecret(value, "destructured", node);
      if (value === null || value === undefined)
        throw context.fault("runtime_error", `Cannot destructure ${value}.`, node);
      const used = new Set<string>();
      const bindFrom = (from: number): unknown => {
        for (let index = from; index < parts.length; index++) {
          const part = parts[index];
          if (part.rest) {
            const rest = restObject(context, value, used, part.property);
            const done = part.target.code(context, frame, rest);
            if (done instanceof Promise) return done.then(() => bindFrom(index + 1));
            continue;
          }
          const bindKey = (key: string | number) => {
            checkKey(context, key, part.property);
            used.add(String(key));
            return part.target.code(context, frame, readMember(context, value, key, part.property));
          };
          const done =
            typeof part.key === "string"
              ? bindKey(part.key)
              : after(part.key.code(context, frame), (key) =>
                  bindKey(toPropertyKey(context, key, part.property.key)),
                );
          if (done instanceof Promise) return done.then(() => bindFrom(index + 1));
        }
        return undefined;
      };
      return bindFrom(0);
    },
  };
}
