/**
 * String methods of programs. The methods that take a pattern run on the linear-time regex
 * engine (regex-methods.ts); the others call the host method with display-string arguments,
 * after checking the size of what they would produce, and check the size of the result.
 */
import type { Node } from "@lackpy/lang";
import { toDisplayString, toNumber } from "../values/display.js";
import type { RunContext } from "../run-context.js";
import { stringMatch, stringMatchAll, stringSearch, stringSplit } from "../regex/regex-methods.js";
import { stringReplace } from "../regex/regex-replace.js";

/** Methods that take a string to look for, where a regex is a mistake rather than a pattern. */
const SEARCH_STRING_METHODS: ReadonlySet<string> = new Set(["includes", "startsWith", "endsWith"]);

/** Most units a host string method may make from one unit of its receiver (toUpperCase("ß") is "SS", normalize up to 3 in NFD/NFC). */
const MAX_EXPANSION = 3;

/** Calls an allowed string method on `text`; a promise only when a replacement callback had to wait. */
export function stringMethod(
  interpreter: RunContext,
  text: string,
  name: string,
  args: unknown[],
  node: Node,
): unknown {
  switch (name) {
    case "match":
      return stringMatch(interpreter, text, args[0], node);
    case "matchAll":
      return stringMatchAll(interpreter, text, args[0], node);
    case "search":
      return stringSearch(interpreter, text, args[0], node);
    case "split":
      return stringSplit(interpreter, text, args[0], args[1], node);
    case "replace":
    case "replaceAll":
      return stringReplace(interpreter, text, args[0], args[1], name === "replaceAll", node);
  }
  if (SEARCH_STRING_METHODS.has(name) && args[0] instanceof RegExp)
    throw interpreter.fault(
      "runtime_error",
      `string.${name} takes a string, not a regex.`,
      node,
      `use /${args[0].source}/.test(text) to test a pattern`,
    );
  const hostArgs = args.map((arg) =>
    arg === undefined || typeof arg === "number" ? arg : toDisplayString(arg, interpreter),
  );
  checkBefore(interpreter, text, name, hostArgs, node);
  const result = (String.prototype as any)[name].apply(text, hostArgs) as unknown;
  if (typeof result === "string" && result.length > interpreter.limits.maxSize)
    interpreter.checkSize(result.length, "a string", node);
  return result;
}

/** Refuses, before the host call, a string method whose result would pass the size limit. */
function checkBefore(
  interpreter: RunContext,
  text: string,
  name: string,
  args: unknown[],
  node: Node,
): void {
  switch (name) {
    case "repeat":
      interpreter.checkSize(text.length * Math.max(0, toNumber(args[0])), "a string", node);
      return;
    case "padStart":
    case "padEnd":
      interpreter.checkSize(toNumber(args[0]), "a string", node);
      return;
    case "concat":
      interpreter.checkSize(
        args.reduce<number>((total, arg) => total + String(arg).length, text.length),
        "a string",
        node,
      );
      return;
    case "toUpperCase":
    case "toLowerCase":
    case "normalize":
      interpreter.checkBulk(text.length * MAX_EXPANSION, 2, "a string", node);
      return;
  }
}
