/**
 * Uses of secret parameters (language.md §6). Params: `token` (a string), `pin` (a short
 * string), `creds` (an object with `user`, `key` and `nested.deep`), all secret; `name` is a
 * plain parameter. Kit tools: `read_file(path)`, `write_file(path, content)`, `login(user, key?)`.
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
  { name: "whole secret to a tool", source: "read_file(token)" },
  { name: "short secret to a tool", source: "read_file(pin)" },
  { name: "awaited tool call", source: "await read_file(token)" },
  { name: "result of the tool kept", source: "const text = read_file(token)\nlen(text)" },
  { name: "second argument", source: 'write_file("out.txt", token)' },
  { name: "field by name", source: "login(creds.user, creds.key)" },
  { name: "field by literal key", source: 'login(creds["user"], creds["key"])' },
  { name: "field by template key", source: "login(creds[`user`])" },
  { name: "nested field", source: "login(creds.nested.deep)" },
  { name: "optional chain", source: "login(creds?.nested.deep)" },
  { name: "length as a tool argument", source: "login(token.length)" },
  { name: "character as a tool argument", source: "read_file(token[0])" },
  { name: "inside an arrow body", source: 'const names = ["a", "b"]\nnames.map(x => login(x, token))' },
  { name: "inside a loop", source: 'for (const p of ["a", "b"]) write_file(p, token)' },
  { name: "inside a condition branch", source: "if (name) read_file(token)" },
  { name: "in Promise.all", source: "Promise.all([read_file(token), read_file(pin)])" },
  { name: "property named like a secret", source: "const o = { token: 1 }\no.token" },
  { name: "key named like a secret", source: 'const o = { pin: "x", creds: 2 }\nkeys(o)' },
  { name: "plain param used freely", source: "name.toUpperCase() + len(name)" },
  { name: "secret and plain param", source: "login(name, creds.key)" },
];

/** Uses the validator rejects with `secret_access`. */
export const REJECTED_SECRET_PROGRAMS: RejectedSecretCase[] = [
  { name: "as the output", source: "token", names: ["token"], use: "output" },
  { name: "alias", source: "const t = token\nread_file(t)", names: ["token"], use: "copied" },
  { name: "cell alias", source: "t = token", names: ["token"], use: "copied" },
  { name: "field alias", source: "const k = creds.key\nlogin(k)", names: ["creds"] },
  { name: "destructuring", source: "const { key } = creds\nlogin(key)", names: ["creds"] },
  { name: "array destructuring", source: "const [first] = token\nfirst", names: ["token"] },
  { name: "object key", source: "const o = {}\no[token] = 1\no", names: ["token"], use: "key" },
  { name: "computed literal key", source: "const o = { [token]: 1 }", names: ["token"] },
  { name: "object value", source: "read_file({ t: token })", names: ["token"], use: "stored" },
  { name: "shorthand", source: "login({ token })", names: ["token"] },
  { name: "array element", source: "read_file([token])", names: ["token"] },
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
  { name: "if test", source: 'if (token) read_file("a")', names: ["token"], use: "truth" },
  { name: "and", source: 'token && read_file("a")', names: ["token"] },
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
  { name: "nested tool call argument", source: "read_file(str(token))", names: ["token"] },
  { name: "arithmetic", source: "pin * 1", names: ["pin"] },
  { name: "two misuses", source: "print(token)\nprint(pin)", names: ["token", "pin"] },
  { name: "helper argument inside a tool call", source: "read_file(token + pin)", names: ["token", "pin"] },
  { name: "optional call on a field", source: "creds.key?.()", names: ["creds"] },
];
