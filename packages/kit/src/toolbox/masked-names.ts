import { FORBIDDEN_NAMES, HELPERS, SAFE_GLOBALS } from "@lackpy/lang";

/** Node's builtin module names (Node 20, without `_` internals or `/` subpaths); a test keeps it in step with `node:module`. */
export const NODE_BUILTIN_MODULES: readonly string[] = Object.freeze([
  "assert",
  "async_hooks",
  "buffer",
  "child_process",
  "cluster",
  "console",
  "constants",
  "crypto",
  "dgram",
  "diagnostics_channel",
  "dns",
  "domain",
  "events",
  "fs",
  "http",
  "http2",
  "https",
  "inspector",
  "module",
  "net",
  "os",
  "path",
  "perf_hooks",
  "process",
  "punycode",
  "querystring",
  "readline",
  "repl",
  "stream",
  "string_decoder",
  "sys",
  "timers",
  "tls",
  "trace_events",
  "tty",
  "url",
  "util",
  "v8",
  "vm",
  "wasi",
  "worker_threads",
  "zlib",
]);

/** Global names of JavaScript, Node and browsers that a model may reach for instead of a tool. */
export const GLOBAL_NAMES: readonly string[] = Object.freeze([
  "Array",
  "Boolean",
  "Date",
  "Error",
  "Function",
  "Intl",
  "JSON",
  "Map",
  "Math",
  "Number",
  "Object",
  "Promise",
  "RegExp",
  "Set",
  "String",
  "URL",
  "alert",
  "atob",
  "btoa",
  "console",
  "document",
  "eval",
  "fetch",
  "isFinite",
  "isNaN",
  "localStorage",
  "location",
  "navigator",
  "open",
  "parseFloat",
  "parseInt",
  "prompt",
  "structuredClone",
  "window",
]);

const NODE_MODULES = new Set(NODE_BUILTIN_MODULES);
const GLOBALS = new Set<string>([
  ...GLOBAL_NAMES,
  ...FORBIDDEN_NAMES,
  ...SAFE_GLOBALS.map((global) => global.name),
]);
const HELPER_NAMES = new Set(HELPERS.map((helper) => helper.name));

/** The warning for a tool name that small models confuse with something else, or undefined when the name is safe. */
export function maskedNameWarning(name: string): string | undefined {
  const suggestion = `Consider a more specific name such as '${name.toLowerCase()}_tool' or a verb like 'read_${name.toLowerCase()}'.`;
  if (NODE_MODULES.has(name))
    return `Tool name '${name}' masks the Node builtin module '${name}'; small models may write ${name}.something(...) or import ${name} instead of calling the tool. ${suggestion}`;
  if (GLOBALS.has(name))
    return `Tool name '${name}' masks the global '${name}'; small models may use the global instead of calling the tool. ${suggestion}`;
  if (HELPER_NAMES.has(name))
    return `Tool name '${name}' masks the lackpy helper ${name}(); programs cannot tell the two apart. ${suggestion}`;
  return undefined;
}
