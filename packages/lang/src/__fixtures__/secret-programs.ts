/**
 * Uses of secret parameters (language.md §6). Params: `token` (a string), `pin` (a short
 * string), `creds` (an object with `user`, `key` and `nested.deep`), all secret; `name` is a
 * plain parameter. Kit tools that take secrets: `fetch_page(path)`, `post_page(path, content)`,
 * `login(user, key?)`; tools declared like the builtin file tools, which take none
 * (`acceptsSecrets: false`): `read_file(path)`, `write_file(path, content)`,
 * `edit_file(path, old, new)`, `find_files(pattern)`.
 */

/** A program that uses a secret only as a kit-tool argument. */
export interface AllowedSecretCase {
  name: string;
  source: string;
}

/** A program that misuses a secret: `secret_access` errors, one per misused name in source order. */
export interface RejectedSecretCase {
  name: string;
  source: string;
  /** The secret names reported, in source order. */
  names: string[];
  /** A fragment of the first message (what the program tried). */
  use?: string;
}

/** Uses the validator accepts. */
export const ALLOWED_SECRET_PROGRAMS: AllowedSecretCase[] = [
  { name: "whole secret to a tool", source: "fetch_page(token)" },
  { name: "short secret to a tool", source: "fetch_page(pin)" },
  { name: "awaited tool call", source: "await fetch_page(token)" },
  { name: "result of the tool kept", source: "const text = fetch_page(token)\nlen(text)" },
  { name: "second argument", source: 'post_page("out.txt", token)' },
  { name: "field by name", source: "login(creds.user, creds.key)" },
  { name: "field by literal key", source: 'login(creds["user"], creds["key"])' },
  { name: "field by template key", source: "login(creds[`user`])" },
  { name: "nested field", source: "login(creds.nested.deep)" },
  { name: "optional chain", source: "login(creds?.nested.deep)" },
  { name: "length as a tool argument", source: "login(token.length)" },
  { name: "character as a tool argument", source: "fetch_page(token[0])" },
  { name: "inside an arrow body", source: 'const names = ["a", "b"]\nnames.map(x => login(x, token))' },
  { name: "inside a loop", source: 'for (const p of ["a", "b"]) post_page(p, token)' },
  { name: "inside a condition branch", source: "if (name) fetch_page(token)" },
  { name: "in Promise.all", source: "Promise.all([fetch_page(token), fetch_page(pin)])" },
  { name: "property named like a secret", source: "const o = { token: 1 }\no.token" },
  { name: "key named like a secret", source: 'const o = { pin: "x", creds: 2 }\nkeys(o)' },
  { name: "plain param used freely", source: "name.toUpperCase() + len(name)" },
  { name: "secret and plain param", source: "login(name, creds.key)" },
  { name: "plain param to a file tool", source: 'write_file("out.txt", name)\nlogin(token)' },
  { name: "tool result written to a file", source: 'write_file("out.txt", fetch_page(token))' },
  { name: "inside a block arrow", source: '["a"].forEach(x => { post_page(x, token) })' },
  { name: "returned tool result in a block arrow", source: '["a"].map(x => { return fetch_page(token) })' },
  { name: "inside a c-style for", source: "for (let i = 0; i < 2; i++) login(token)" },
  { name: "tool result in a set", source: "new Set([fetch_page(token)])" },
];

/** Uses the validator rejects with `secret_access`. */
export const REJECTED_SECRET_PROGRAMS: RejectedSecretCase[] = [
  { name: "as the output", source: "token", names: ["token"], use: "output" },
  { name: "alias", source: "const t = token\nfetch_page(t)", names: ["token"], use: "copied" },
  { name: "cell alias", source: "t = token", names: ["token"], use: "copied" },
  { name: "field alias", source: "const k = creds.key\nlogin(k)", names: ["creds"] },
  { name: "destructuring", source: "const { key } = creds\nlogin(key)", names: ["creds"] },
  { name: "array destructuring", source: "const [first] = token\nfirst", names: ["token"] },
  { name: "object key", source: "const o = {}\no[token] = 1\no", names: ["token"], use: "key" },
  { name: "computed literal key", source: "const o = { [token]: 1 }", names: ["token"] },
  { name: "object value", source: "fetch_page({ t: token })", names: ["token"], use: "stored" },
  { name: "shorthand", source: "login({ token })", names: ["token"] },
  { name: "array element", source: "fetch_page([token])", names: ["token"] },
  { name: "join", source: '[token].join("")', names: ["token"] },
  { name: "spread into array", source: "[...token]", names: ["token"] },
  { name: "spread into object", source: "({ ...creds })", names: ["creds"] },
  { name: "spread into a tool", source: "login(...creds)", names: ["creds"] },
  { name: "characters", source: "token[0]", names: ["token"], use: "characters" },
  { name: "computed variable key", source: 'const k = "key"\nlogin(creds[k])', names: ["creds"] },
  { name: "length", source: "token.length", names: ["token"] },
  { name: "len", source: "len(token)", names: ["token"], use: "passed to len" },
  { name: "toLowerCase", source: "token.toLowerCase()", names: ["token"] },
  { name: "slice", source: "token.slice(0, 1)", names: ["token"] },
  { name: "split", source: 'token.split("")', names: ["token"] },
  { name: "method on a field", source: "creds.key.toUpperCase()", names: ["creds"] },
  { name: "Object.entries", source: "Object.entries(creds)", names: ["creds"], use: "method" },
  { name: "JSON.stringify", source: "JSON.stringify({ t: token })", names: ["token"] },
  { name: "JSON.stringify direct", source: "JSON.stringify(creds)", names: ["creds"] },
  { name: "String", source: "String(pin)", names: ["pin"] },
  { name: "str", source: "str(pin)", names: ["pin"] },
  { name: "print", source: "print(token)", names: ["token"], use: "passed to print" },
  { name: "print a field", source: "print(creds.key)", names: ["creds"] },
  { name: "template literal", source: "`${token}`", names: ["token"], use: "template" },
  { name: "concatenation", source: 'const s = "x" + token', names: ["token"], use: "concatenated" },
  { name: "strict equality", source: 'token === "abc"', names: ["token"], use: "compared" },
  { name: "loose equality", source: 'pin == "12"', names: ["pin"] },
  { name: "less than", source: 'token < "m"', names: ["token"] },
  { name: "sorted", source: 'sorted([token, "m"])', names: ["token"] },
  { name: "if test", source: 'if (token) fetch_page("a")', names: ["token"], use: "truth" },
  { name: "and", source: 'token && fetch_page("a")', names: ["token"] },
  { name: "not", source: "!token", names: ["token"] },
  { name: "conditional", source: "token ? 1 : 2", names: ["token"] },
  { name: "nullish", source: 'pin ?? "none"', names: ["pin"] },
  { name: "typeof", source: 'typeof token === "string"', names: ["token"], use: "typeof" },
  { name: "for of", source: "for (const c of token) print(c)", names: ["token"], use: "iterated" },
  { name: "as a callback", source: 'const xs = ["a"]\nxs.map(token)', names: ["token"] },
  { name: "returned from an arrow", source: 'const xs = ["a"]\nxs.map(x => token)', names: ["token"] },
  { name: "closure comparison", source: 'const xs = ["a"]\nxs.filter(x => x === pin)', names: ["pin"] },
  { name: "arrow default", source: 'const xs = ["a"]\nxs.map((x = token) => x)', names: ["token"] },
  { name: "called", source: "token()", names: ["token"], use: "called" },
  { name: "member write on a secret", source: 'creds.user = "x"', names: ["creds"] },
  { name: "stored in a member", source: "const o = {}\no.t = token", names: ["token"] },
  { name: "Set", source: "set([token])", names: ["token"] },
  { name: "has", source: 'has(creds, "key")', names: ["creds"] },
  { name: "nested tool call argument", source: "fetch_page(str(token))", names: ["token"] },
  { name: "arithmetic", source: "pin * 1", names: ["pin"] },
  { name: "two misuses", source: "print(token)\nprint(pin)", names: ["token", "pin"] },
  { name: "helper argument inside a tool call", source: "fetch_page(token + pin)", names: ["token", "pin"] },
  { name: "optional call on a field", source: "creds.key?.()", names: ["creds"] },
  { name: "returned from a block arrow", source: '["a"].map(x => { return token })', names: ["token"], use: "returned from an arrow function" },
  { name: "new Set of a secret", source: "new Set(token)", names: ["token"], use: "put in a set or map" },
  { name: "new Map of a secret", source: "new Map(creds)", names: ["creds"], use: "put in a set or map" },
  { name: "set.add of a secret", source: "const s = new Set()\ns.add(pin)", names: ["pin"], use: "passed to a method" },
  { name: "c-style for counter from a secret", source: "for (let i = pin; i; ) { break }", names: ["pin"], use: "copied" },
  { name: "c-style for test on a secret", source: "for (let i = 0; token; i++) { break }", names: ["token"], use: "used in a for loop's head" },
  { name: "tested in a block arrow", source: '["a"].forEach(x => { if (token) print(x) })', names: ["token"], use: "tested for truth" },
];

/** A secret passed to a tool that takes none: `secret_access` naming each secret and the tool. */
export interface ToolRefusedSecretCase {
  name: string;
  source: string;
  /** The secret names reported, in source order. */
  names: string[];
  /** The tool named in the first message. */
  tool: string;
}

/**
 * Laundering through the file tools (issue #16): what a file tool is given comes back as data
 * (file content, listed names, errors), so every argument position refuses a secret.
 */
export const TOOL_REFUSED_SECRET_PROGRAMS: ToolRefusedSecretCase[] = [
  { name: "written, read back and sliced", source: 'write_file("a.txt", token)\nread_file("a.txt").slice(0, 7)', names: ["token"], tool: "write_file" },
  { name: "written, read back and split", source: 'write_file("a.txt", token)\nread_file("a.txt").split("").join(" ")', names: ["token"], tool: "write_file" },
  { name: "a file named by the secret, then listed", source: 'write_file(token, "x")\nfind_files("*")', names: ["token"], tool: "write_file" },
  { name: "edit's new text, read back", source: 'edit_file("a.txt", "x", token)\nread_file("a.txt")', names: ["token"], tool: "edit_file" },
  { name: "edit's old text as an oracle", source: 'edit_file("a.txt", pin, "y")', names: ["pin"], tool: "edit_file" },
  { name: "edit's path", source: 'edit_file(token, "a", "b")', names: ["token"], tool: "edit_file" },
  { name: "a path to read", source: "read_file(token)", names: ["token"], tool: "read_file" },
  { name: "a glob pattern", source: "find_files(pin)", names: ["pin"], tool: "find_files" },
  { name: "a field written", source: 'write_file("k.txt", creds.key)', names: ["creds"], tool: "write_file" },
  { name: "a field by literal key as a path", source: 'read_file(creds["user"])', names: ["creds"], tool: "read_file" },
  { name: "a nested field in an optional chain", source: "find_files(creds?.nested.deep)", names: ["creds"], tool: "find_files" },
  { name: "a length written", source: 'write_file("n.txt", token.length)', names: ["token"], tool: "write_file" },
  { name: "a character as a pattern", source: "find_files(token[0])", names: ["token"], tool: "find_files" },
  { name: "a whole object written", source: 'write_file("c.json", creds)', names: ["creds"], tool: "write_file" },
  { name: "in an arrow body", source: '["a", "b"].map(p => write_file(p, pin))', names: ["pin"], tool: "write_file" },
  { name: "in a loop", source: 'for (const p of ["a"]) edit_file(p, "x", token)', names: ["token"], tool: "edit_file" },
  { name: "awaited", source: 'await write_file("a.txt", token)', names: ["token"], tool: "write_file" },
  { name: "beside an allowed use in Promise.all", source: "Promise.all([read_file(token), fetch_page(pin)])", names: ["token"], tool: "read_file" },
  { name: "two secrets in one call", source: "write_file(pin, token)", names: ["pin", "token"], tool: "write_file" },
];
