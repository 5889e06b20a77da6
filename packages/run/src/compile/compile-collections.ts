/** Compiles array and object literals, spreads included. */
import type { Node } from "@lackpy/lang";
import { propertyKey } from "./compile-pattern.js";
import type { Frame } from "./compile-scope.js";
import type { Compiled, Compiler } from "./compiler.js";
import { iterate } from "../builtins/iterate.js";
import { after } from "../maybe-async.js";
import { checkKey, toPropertyKey, writeMember } from "../builtins/members.js";
import type { RunContext } from "../run-context.js";
import { refuseSecret } from "../secrets/secret-value.js";
import { isPlainObject, newObject } from "../values/values.js";
import { OBJECT_KEY_UNIT, inChunks } from "../values/work-meter.js";

/** `[a, ...b]` */
export function compileArray(node: Node, compiler: Compiler): Compiled {
  const elements = (node.elements as (Node | null)[]).map((element) =>
    element === null
      ? null
      : element.type === "SpreadElement"
        ? { spread: element, value: compiler.expression(element.argument), node: element }
        : { spread: null, value: compiler.expression(element), node: element },
  );
  const add = (context: RunContext, result: unknown[], index: number, value: unknown) => {
    const spread = elements[index]?.spread;
    if (!spread) {
      refuseSecret(value, "stored in an array or object", elements[index]?.node);
      result.push(value);
      return;
    }
    // An array's size is known before iterating it: a spread too big fails on size first.
    if (Array.isArray(value)) context.checkLength(result.length + value.length, "an array", spread);
    const items = iterate(context, value, spread);
    context.checkLength(result.length + items.length, "an array", spread);
    inChunks(context, items.length, 1, (start, end) => {
      for (let index = start; index < end; index++) result.push(items[index]);
    });
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
    refuseSecret(source, "spread into an object", property);
    context.checkEntries(source, property);
    const entries: [string, unknown][] =
      isPlainObject(source) || Array.isArray(source) || typeof source === "string"
        ? Object.entries(source)
        : [];
    context.chargeWork(entries.length * OBJECT_KEY_UNIT, property);
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
