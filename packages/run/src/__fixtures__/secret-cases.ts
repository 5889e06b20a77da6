import type { ToolSpec } from "@lackpy/lang";

/**
 * Secret params for the run tests: long and short strings (1 to 3 characters) and an object.
 * Each value is distinctive, so a result that contains it anywhere is a leak.
 */
export const SECRET_PARAMS = {
  token: "hunter2-Token-Value",
  pin: "Qx7",
  two: "zQ",
  one: "ζ",
  creds: { user: "ada-User-Name", key: "k3y-Value-xyz", nested: { deep: "deep-Secret-1" }, list: ["li5t-Item"] },
};

/** Every secret name. */
export const SECRET_NAMES = Object.keys(SECRET_PARAMS);

/** Texts that must never appear in a result (every string inside the secrets). */
export const SECRET_TEXTS = [
  "hunter2-Token-Value",
  "Qx7",
  "zQ",
  "ζ",
  "ada-User-Name",
  "k3y-Value-xyz",
  "deep-Secret-1",
  "li5t-Item",
];

/** Recording tools: `use` and `login` record what they get; `fail` throws it back; `echo` returns it. */
export function secretTools() {
  const received: unknown[][] = [];
  return {
    received,
    tools: {
      use: (...args: unknown[]) => {
        received.push(args);
        return "used";
      },
      login: (user: unknown, key?: unknown) => {
        received.push(key === undefined ? [user] : [user, key]);
        return "logged in";
      },
      fail: (value: unknown) => {
        throw Object.assign(new Error(`bad input ${String(value)}`), { hint: `check ${String(value)}` });
      },
      echo: (value: unknown) => value,
    },
  };
}

/** Specs: `use` reads a path (so a secret path is a test of filesRead). */
export const SECRET_TOOL_SPECS: ToolSpec[] = [
  { name: "use", args: [{ name: "path", type: "string", path: "read" }, { name: "extra", type: "any", optional: true }] },
  { name: "login", args: [{ name: "user", type: "any" }, { name: "key", type: "any", optional: true }] },
  { name: "fail", args: [{ name: "value", type: "any" }] },
  { name: "echo", args: [{ name: "value", type: "any" }] },
];

/**
 * In-memory file tools with the builtin ones' names and declarations: they take no secrets
 * (`acceptsSecrets: false`), because what they are given comes back as data. `files` is the
 * workspace, so a test can check that nothing was written.
 */
export function memoryFileTools() {
  const files = new Map<string, string>();
  const read = (path: unknown) => {
    const text = files.get(String(path));
    if (text === undefined) throw new Error(`no file ${String(path)}`);
    return text;
  };
  return {
    files,
    tools: {
      read_file: read,
      write_file: (path: unknown, content: unknown) => {
        files.set(String(path), String(content));
        return String(content).length;
      },
      edit_file: (path: unknown, old: unknown, replacement: unknown) => {
        const text = read(path);
        if (!text.includes(String(old))) return false;
        files.set(String(path), text.replace(String(old), String(replacement)));
        return true;
      },
      find_files: (pattern: unknown) => [...files.keys()].filter((name) => pattern === "*" || name === pattern).sort(),
    },
  };
}

/** Specs of `memoryFileTools`, declared like the builtin file tools. */
export const FILE_TOOL_SPECS: ToolSpec[] = [
  { name: "read_file", args: [{ name: "path", type: "string", path: "read" }], acceptsSecrets: false },
  { name: "find_files", args: [{ name: "pattern", type: "string" }], acceptsSecrets: false },
  { name: "write_file", args: [{ name: "path", type: "string", path: "write" }, { name: "content", type: "string" }], acceptsSecrets: false },
  { name: "edit_file", args: [{ name: "path", type: "string", path: "write" }, { name: "old", type: "string" }, { name: "new", type: "string" }], acceptsSecrets: false },
];

/** A secret passed to a file tool: refused with `secret_access` naming the secret and the tool, and nothing written. */
export interface ToolRefusedSecretRun {
  name: string;
  source: string;
  secret: string;
  tool: string;
}

/** Laundering a secret through the file tools (issue #16), every tool and argument position. */
export const TOOL_REFUSED_SECRET_RUNS: ToolRefusedSecretRun[] = [
  { name: "written, read back and sliced", source: 'write_file("a.txt", token)\nread_file("a.txt").slice(0, 7)', secret: "token", tool: "write_file" },
  { name: "written, read back and split", source: 'write_file("a.txt", pin)\nread_file("a.txt").split("").join(" ")', secret: "pin", tool: "write_file" },
  { name: "a short secret written", source: 'write_file("a.txt", one)\nread_file("a.txt")', secret: "one", tool: "write_file" },
  { name: "a file named by the secret, then listed", source: 'write_file(token, "x")\nfind_files("*")', secret: "token", tool: "write_file" },
  { name: "edit's new text, read back", source: 'write_file("a.txt", "x")\nedit_file("a.txt", "x", token)\nread_file("a.txt")', secret: "token", tool: "edit_file" },
  { name: "edit's old text as an oracle", source: 'write_file("a.txt", "abc")\nedit_file("a.txt", pin, "y")', secret: "pin", tool: "edit_file" },
  { name: "edit's path", source: 'edit_file(two, "a", "b")', secret: "two", tool: "edit_file" },
  { name: "a path to read, echoed in its error", source: "read_file(token)", secret: "token", tool: "read_file" },
  { name: "a glob pattern", source: "find_files(pin)", secret: "pin", tool: "find_files" },
  { name: "a field written", source: 'write_file("k.txt", creds.key)\nread_file("k.txt")', secret: "creds", tool: "write_file" },
  { name: "a nested field as a path", source: 'read_file(creds["nested"]["deep"])', secret: "creds", tool: "read_file" },
  { name: "an array item as a pattern", source: "find_files(creds.list[0])", secret: "creds", tool: "find_files" },
  { name: "a whole object written", source: 'write_file("c.json", creds)', secret: "creds", tool: "write_file" },
  { name: "a length written", source: 'write_file("n.txt", token.length)', secret: "token", tool: "write_file" },
  { name: "a character as a path", source: "write_file(token[0], token[1])", secret: "token", tool: "write_file" },
  { name: "in a callback", source: '["a", "b"].map(p => write_file(p, pin))', secret: "pin", tool: "write_file" },
  { name: "in a loop", source: 'for (const p of ["a"]) write_file(p, two)', secret: "two", tool: "write_file" },
  { name: "after an allowed use", source: 'use(token)\nwrite_file("a.txt", token)', secret: "token", tool: "write_file" },
];

/** A program that passes secrets to tools, with what the tools get and what the trace shows. */
export interface AllowedSecretRun {
  name: string;
  source: string;
  received: unknown[][];
  traceArgs: unknown[][];
}

/** Uses that reach the tools with the real values. */
export const ALLOWED_SECRET_RUNS: AllowedSecretRun[] = [
  { name: "a whole secret", source: "use(token)", received: [["hunter2-Token-Value"]], traceArgs: [["[secret:token]"]] },
  { name: "a 3-character secret", source: "use(pin)", received: [["Qx7"]], traceArgs: [["[secret:pin]"]] },
  { name: "a 1-character secret", source: "use(one)", received: [["ζ"]], traceArgs: [["[secret:one]"]] },
  { name: "fields", source: "login(creds.user, creds.key)", received: [["ada-User-Name", "k3y-Value-xyz"]], traceArgs: [["[secret:creds.user]", "[secret:creds.key]"]] },
  { name: "nested fields by literal keys", source: 'login(creds["nested"]["deep"])', received: [["deep-Secret-1"]], traceArgs: [["[secret:creds.nested.deep]"]] },
  { name: "an array item", source: "login(creds.list[0])", received: [["li5t-Item"]], traceArgs: [["[secret:creds.list.0]"]] },
  { name: "a missing field", source: "login(creds.missing)", received: [[undefined]], traceArgs: [["[secret:creds.missing]"]] },
  { name: "a whole object", source: "login(creds)", received: [[SECRET_PARAMS.creds]], traceArgs: [["[secret:creds]"]] },
  { name: "a length", source: "login(token.length)", received: [[19]], traceArgs: [["[secret:token.length]"]] },
  { name: "a character", source: "login(token[0])", received: [["h"]], traceArgs: [["[secret:token.0]"]] },
  { name: "with plain data", source: 'use("notes.txt", two)', received: [["notes.txt", "zQ"]], traceArgs: [["notes.txt", "[secret:two]"]] },
  { name: "in a callback", source: '["a", "b"].map(x => login(x, pin))', received: [["a", "Qx7"], ["b", "Qx7"]], traceArgs: [["a", "[secret:pin]"], ["b", "[secret:pin]"]] },
  { name: "in a loop", source: "for (const i of range(2)) use(token)", received: [["hunter2-Token-Value"], ["hunter2-Token-Value"]], traceArgs: [["[secret:token]"], ["[secret:token]"]] },
];

/** A program that misuses a secret, caught at run time (the validator was not told about the secrets), with a fragment of the message. */
export interface RefusedSecretRun {
  name: string;
  source: string;
  /** The name the error message gives. */
  secret: string;
  use: string;
}

/** Misuses, each refused with `secret_access` by the interpreter. */
export const REFUSED_SECRET_RUNS: RefusedSecretRun[] = [
  { name: "object key", source: "const o = {}\no[token] = 1\no", secret: "token", use: "used as a key" },
  { name: "computed key in a literal", source: "({ [pin]: 1 })", secret: "pin", use: "used as a key" },
  { name: "Object.entries", source: "Object.entries(creds)", secret: "creds", use: "passed to Object.entries" },
  { name: "Object.keys of a field", source: "Object.keys(creds.nested)", secret: "creds", use: "passed to Object.keys" },
  { name: "JSON.stringify of an object", source: "JSON.stringify({ t: token })", secret: "token", use: "stored" },
  { name: "JSON.stringify", source: "JSON.stringify(one)", secret: "one", use: "passed to JSON.stringify" },
  { name: "join", source: '[token].join("")', secret: "token", use: "stored" },
  { name: "split", source: 'token.split("")', secret: "token", use: "methods" },
  { name: "toLowerCase", source: "pin.toLowerCase()", secret: "pin", use: "methods" },
  { name: "slice of a field", source: "creds.key.slice(0, 2)", secret: "creds", use: "methods" },
  { name: "for of", source: "for (const c of token) print(c)", secret: "token", use: "iterated" },
  { name: "for of a short secret", source: "const cs = []\nfor (const c of one) cs.push(c)\ncs", secret: "one", use: "iterated" },
  { name: "spread", source: "[...two]", secret: "two", use: "iterated" },
  { name: "spread into an object", source: "({ ...creds })", secret: "creds", use: "spread" },
  { name: "spread into a call", source: "use(...token)", secret: "token", use: "iterated" },
  { name: "strict equality", source: 'token === "abc"', secret: "token", use: "compared" },
  { name: "loose equality of a short secret", source: 'pin == "Qx7"', secret: "pin", use: "compared" },
  { name: "inequality", source: 'one !== "a"', secret: "one", use: "compared" },
  { name: "less than", source: 'token < "m"', secret: "token", use: "compared" },
  { name: "length compared", source: "token.length > 3", secret: "token", use: "compared" },
  { name: "character compared", source: 'pin[0] === "Q"', secret: "pin", use: "compared" },
  { name: "arithmetic on a length", source: "token.length * 1", secret: "token", use: "arithmetic" },
  { name: "sorted", source: 'sorted([token, "m"])', secret: "token", use: "stored" },
  { name: "sorted of mapped secrets", source: 'sorted(["a", "b"].map(x => pin))', secret: "pin", use: "compared" },
  { name: "print", source: "print(token)", secret: "token", use: "passed to print" },
  { name: "print in parts", source: 'print("a", pin, "b")', secret: "pin", use: "passed to print" },
  { name: "print an array of secrets", source: 'print(["a"].map(x => two))', secret: "two", use: "JSON" },
  { name: "template literal", source: "`${token}`", secret: "token", use: "converted to text" },
  { name: "template literal of a field", source: "`${creds.user}!`", secret: "creds", use: "converted to text" },
  { name: "concatenation", source: '"x" + pin', secret: "pin", use: "concatenated" },
  { name: "concatenation with a number", source: "one + 1", secret: "one", use: "concatenated" },
  { name: "String", source: "String(one)", secret: "one", use: "passed to String" },
  { name: "str", source: "str(two)", secret: "two", use: "passed to str" },
  { name: "len", source: "len(token)", secret: "token", use: "passed to len" },
  { name: "if", source: "if (pin) 1", secret: "pin", use: "tested for truth" },
  { name: "and", source: "one && 1", secret: "one", use: "tested for truth" },
  { name: "or", source: "two || 1", secret: "two", use: "tested for truth" },
  { name: "not", source: "!token", secret: "token", use: "tested for truth" },
  { name: "conditional", source: "creds.key ? 1 : 2", secret: "creds", use: "tested for truth" },
  { name: "filter callback", source: '["a"].filter(x => pin)', secret: "pin", use: "tested for truth" },
  { name: "Boolean", source: "Boolean(one)", secret: "one", use: "passed to Boolean" },
  { name: "Number", source: "Number(pin)", secret: "pin", use: "passed to Number" },
  { name: "Number of a field", source: "Number(creds.key)", secret: "creds", use: "passed to Number" },
  { name: "Number as a callback", source: '["a"].map(x => one).map(Number)', secret: "one", use: "passed to Number" },
  { name: "String as a callback", source: '["a"].map(x => two).map(String)', secret: "two", use: "passed to String" },
  { name: "Boolean as a callback", source: '["a"].map(x => pin).filter(Boolean)', secret: "pin", use: "passed to Boolean" },
  { name: "Number as a sort key", source: 'sorted(["a", "b"].map(x => token), Number)', secret: "token", use: "passed to Number" },
  { name: "typeof", source: "typeof token", secret: "token", use: "typeof" },
  { name: "negation", source: "-pin", secret: "pin", use: "number" },
  { name: "increment", source: "let n = token\nn++", secret: "token", use: "number" },
  { name: "destructuring an object", source: "const { user } = creds\nuser", secret: "creds", use: "destructured" },
  { name: "destructuring a string", source: "const [first] = token\nfirst", secret: "token", use: "iterated" },
  { name: "member write", source: 'creds.user = "x"', secret: "creds", use: "changed" },
  { name: "stored in an object", source: "const o = {}\no.t = token\no", secret: "token", use: "stored" },
  { name: "stored in an array", source: "const xs = []\nxs[0] = pin\nxs", secret: "pin", use: "stored" },
  { name: "pushed", source: "const xs = []\nxs.push(one)\nxs", secret: "one", use: "passed to a method" },
  { name: "includes", source: '["a"].includes(token)', secret: "token", use: "passed to a method" },
  { name: "string method argument", source: '"hunter2".startsWith(token)', secret: "token", use: "passed to a method" },
  { name: "set", source: "set(token)", secret: "token", use: "passed to set" },
  { name: "has", source: 'has(creds, "key")', secret: "creds", use: "passed to has" },
  { name: "Math.max", source: "Math.max(pin)", secret: "pin", use: "passed to Math.max" },
  { name: "a secret inside tool data", source: 'use(["a"].map(x => token))', secret: "token", use: "put inside data passed to use" },
  { name: "join of mapped secrets", source: '["a", "b"].map(x => pin).join("")', secret: "pin", use: "converted to text" },
  { name: "JSON of mapped secrets", source: 'JSON.stringify(["a"].map(x => one))', secret: "one", use: "JSON" },
  { name: "some over mapped secrets", source: '["a"].map(x => two).some(x => x)', secret: "two", use: "tested for truth" },
  { name: "new Set of a secret", source: "new Set(token)", secret: "token", use: "put in a new Set" },
  { name: "new Map of a secret", source: "new Map(creds)", secret: "creds", use: "put in a new Map" },
  { name: "set.add", source: "const s = new Set()\ns.add(pin)\ns", secret: "pin", use: "passed to a method" },
  { name: "map.set", source: "const m = new Map()\nm.set(\"k\", one)\nm", secret: "one", use: "passed to a method" },
  { name: "map key", source: "const m = new Map()\nm.set(two, 1)\nm", secret: "two", use: "passed to a method" },
  { name: "set.has as an oracle", source: 'new Set(["Qx7"]).has(pin)', secret: "pin", use: "passed to a method" },
  { name: "compared in a block arrow", source: '["a"].map(x => { const t = token\n return t.length > 3 })', secret: "token", use: "compared" },
  { name: "c-style for test", source: "for (let i = 0; token; i++) { break }", secret: "token", use: "tested for truth" },
  { name: "c-style for counter", source: "for (let i = pin; i < 3; i++) {}", secret: "pin", use: "compared" },
  { name: "range methods", source: "range(3).map(i => one).join()", secret: "one", use: "converted to text" },
];

/** Programs whose result shows secrets only as markers. */
export const MARKED_SECRET_RUNS: { name: string; source: string; output: unknown; variables?: Record<string, unknown> }[] = [
  { name: "the output", source: "token", output: "[secret:token]" },
  { name: "a short secret as the output", source: "one", output: "[secret:one]" },
  { name: "an alias", source: "const t = pin\nt", output: "[secret:pin]", variables: { t: "[secret:pin]" } },
  { name: "a field", source: "creds.nested.deep", output: "[secret:creds.nested.deep]" },
  { name: "a length", source: "const n = token.length\nn", output: "[secret:token.length]", variables: { n: "[secret:token.length]" } },
  { name: "mapped secrets", source: '["a", "b"].map(x => two)', output: ["[secret:two]", "[secret:two]"] },
  { name: "a nullish default", source: 'pin ?? "none"', output: "[secret:pin]" },
  { name: "returned from a block arrow", source: '["a"].map(x => { return two })', output: ["[secret:two]"] },
];
