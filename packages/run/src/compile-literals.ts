/** Compiles names, literals, templates, array and object literals, and arrow functions. */
import type { Node } from "@lackpy/lang";
import { LexicalScope, type Frame } from "./compile-scope.js";
import type { Code, Compiled, Compiler } from "./compiler.js";
import { displayLength, toDisplayString } from "./display.js";
import { iterate } from "./iterate.js";
import { after } from "./maybe-async.js";
import { checkKey, toPropertyKey, writeMember } from "./members.js";
import { readName } from "./name-access.js";
import { propertyKey } from "./compile-pattern.js";
import type { RunContext } from "./run-context.js";
import { Closure, isPlainObject, newObject } from "./values.js";

/** A node that cannot run: faults when reached (after its step), never at compile time. */
export function refuse(node: Node, message: string): Compiled {
  return {
    async: false,
    code: (context) => {
      context.step(node);
      throw context.fault("runtime_error", message, node);
    },
  };
}

/** `name` */
export function compileIdentifier(node: Node, compiler: Compiler): Compiled {
  const read = readName(node, compiler.resolve(node.name));
  return {
    async: false,
    code: (context, frame) => {
      context.step(node);
      return read(context, frame);
    },
  };
}

/** `1`, `"a"`, `null`, `/re/g` */
export function compileLiteral(node: Node): Compiled {
  if (node.regex) {
    const { pattern, flags } = node.regex;
    return {
      async: false,
      code: (context) => {
        context.step(node);
        return new RegExp(pattern, flags);
      },
    };
  }
  if (typeof node.value === "bigint")
    return refuse(node, "BigInt literals are not part of lackpy.");
  const value = node.value;
  return {
    async: false,
    code: (context) => {
      context.step(node);
      return value;
    },
  };
}

/** `` `a${b}c` `` */
export function compileTemplate(node: Node, compiler: Compiler): Compiled {
  const parts = node.expressions.map((expression: Node) => compiler.expression(expression));
  const quasis: string[] = node.quasis.map((quasi: Node) => quasi.value.cooked ?? "");
  const append = (context: RunContext, text: string, value: unknown, index: number) => {
    const next = quasis[index + 1];
    context.checkSize(
      text.length + displayLength(value, context.limits.maxSize) + next.length,
      "a string",
      node,
    );
    return text + toDisplayString(value) + next;
  };
  const codes: Code[] = parts.map((part: Compiled) => part.code);
  if (!parts.some((part: Compiled) => part.async))
    return {
      async: false,
      code: (context, frame) => {
        context.step(node);
        let text = quasis[0];
        for (let index = 0; index < codes.length; index++)
          text = append(context, text, codes[index](context, frame), index);
        return text;
      },
    };
  const from = (context: RunContext, frame: Frame, text: string, index: number): unknown => {
    for (; index < codes.length; index++) {
      const value = codes[index](context, frame);
      if (value instanceof Promise) {
        const at = index;
        return value.then((ready) =>
          from(context, frame, append(context, text, ready, at), at + 1),
        );
      }
      text = append(context, text, value, index);
    }
    return text;
  };
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return from(context, frame, quasis[0], 0);
    },
  };
}

/** `[a, ...b]` */
export function compileArray(node: Node, compiler: Compiler): Compiled {
  const elements = (node.elements as (Node | null)[]).map((element) =>
    element === null
      ? null
      : element.type === "SpreadElement"
        ? { spread: element, value: compiler.expression(element.argument) }
        : { spread: null, value: compiler.expression(element) },
  );
  const add = (context: RunContext, result: unknown[], index: number, value: unknown) => {
    const spread = elements[index]?.spread;
    if (!spread) {
      result.push(value);
      return;
    }
    // An array's size is known before iterating it: a spread too big fails on size first.
    if (Array.isArray(value)) context.checkSize(result.length + value.length, "an array", spread);
    const items = iterate(context, value, spread);
    context.checkSize(result.length + items.length, "an array", spread);
    for (const item of items) result.push(item);
  };
  const from = (context: RunContext, frame: Frame, result: unknown[], index: number): unknown => {
    for (; index < elements.length; index++) {
      const element = elements[index];
      if (!element) {
        result.push(undefined);
        continue;
      }
      const value = element.value.code(context, frame);
      if (value instanceof Promise) {
        const at = index;
        return value.then((ready) => {
          add(context, result, at, ready);
          return from(context, frame, result, at + 1);
        });
      }
      add(context, result, index, value);
    }
    return result;
  };
  return {
    async: elements.some((element) => element?.value.async),
    code: (context, frame) => {
      context.step(node);
      return from(context, frame, [], 0);
    },
  };
}

/** `{ a, b: 1, [k]: v, ...rest }` */
export function compileObject(node: Node, compiler: Compiler): Compiled {
  const properties = (node.properties as Node[]).map((property) =>
    property.type === "SpreadElement"
      ? {
          property,
          spread: true,
          key: "" as string | Compiled,
          value: compiler.expression(property.argument),
        }
      : {
          property,
          spread: false,
          key: propertyKey(property, compiler),
          value: compiler.expression(property.value),
        },
  );
  const spreadInto = (
    context: RunContext,
    result: Record<string, unknown>,
    source: unknown,
    property: Node,
  ) => {
    if (source === null || source === undefined) return;
    context.checkEntries(source, property);
    const entries: [string, unknown][] =
      isPlainObject(source) || Array.isArray(source) || typeof source === "string"
        ? Object.entries(source)
        : [];
    for (const [key, value] of entries) {
      checkKey(context, key, property);
      writeMember(context, result, key, value, property);
    }
  };
  const from = (
    context: RunContext,
    frame: Frame,
    result: Record<string, unknown>,
    index: number,
  ): unknown => {
    for (; index < properties.length; index++) {
      const { property, spread, key, value } = properties[index];
      const at = index;
      if (spread) {
        const source = value.code(context, frame);
        if (source instanceof Promise)
          return source.then((ready) => {
            spreadInto(context, result, ready, property);
            return from(context, frame, result, at + 1);
          });
        spreadInto(context, result, source, property);
        continue;
      }
      context.step(property);
      const write = (name: unknown) =>
        after(value.code(context, frame), (item) => {
          const computedKey =
            typeof key === "string" ? key : toPropertyKey(context, name, property.key);
          writeMember(context, result, computedKey, item, property);
        });
      const done = typeof key === "string" ? write(key) : after(key.code(context, frame), write);
      if (done instanceof Promise) return done.then(() => from(context, frame, result, at + 1));
    }
    return result;
  };
  if (
    properties.some((part) => part.value.async || (typeof part.key !== "string" && part.key.async))
  )
    return {
      async: true,
      code: (context, frame) => {
        context.step(node);
        return from(context, frame, newObject(), 0);
      },
    };
  return {
    async: false,
    code: (context, frame) => {
      context.step(node);
      const result = newObject();
      for (let index = 0; index < properties.length; index++) {
        const { property, spread, key, value } = properties[index];
        if (spread) {
          spreadInto(context, result, value.code(context, frame), property);
          continue;
        }
        context.step(property);
        const name =
          typeof key === "string"
            ? key
            : toPropertyKey(context, key.code(context, frame), property.key);
        writeMember(context, result, name, value.code(context, frame), property);
      }
      return result;
    },
  };
}

/** `x => body` (a callback): compiled once; each evaluation makes a closure over the current frame. */
export function compileArrow(node: Node, compiler: Compiler): Compiled {
  const layout = compiler.newLayout();
  const scope = new LexicalScope(compiler.scope, layout);
  const params: Node[] = node.params;
  const { binders, body } = compiler.within(scope, () => {
    const binders = params.map((param) =>
      param.type === "RestElement"
        ? compiler.pattern(param.argument, "let")
        : compiler.pattern(param, "let"),
    );
    const body = node.body.type === "BlockStatement" ? null : compiler.expression(node.body);
    return { binders, body };
  });
  const restAt = params.findIndex((param) => param.type === "RestElement");
  const simple = binders.every((binder) => !binder.async);
  const bodyCode = body?.code;
  const call = (context: RunContext, env: unknown, args: unknown[], callNode: Node): unknown => {
    context.step(callNode);
    const frame = layout.create(env as Frame);
    const bindFrom = (from: number): unknown => {
      for (let index = from; index < binders.length; index++) {
        const value = index === restAt ? args.slice(index) : args[index];
        const done = binders[index].code(context, frame, value);
        if (!simple && done instanceof Promise) return done.then(() => bindFrom(index + 1));
      }
      if (!bodyCode)
        throw context.fault(
          "runtime_error",
          "An arrow function body must be a single expression.",
          node,
        );
      return bodyCode(context, frame);
    };
    return bindFrom(0);
  };
  return {
    async: false,
    code: (context, frame) => {
      context.step(node);
      return new Closure(call, frame);
    },
  };
}
