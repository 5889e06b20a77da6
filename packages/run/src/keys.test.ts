import { afterAll, describe, expect, it } from "vitest";
import { TOOL_SPECS, testTools } from "./__fixtures__/tools.js";
import { run } from "./index.js";

/**
 * Every place that makes a key from program or tool input checks it the same way, so no program
 * value ever gets an own `__proto__` (or `constructor`, `prototype`, `__…`) key.
 */
const FORBIDDEN_KEYS: [string, string][] = [
  [
    "object rest of regex groups",
    String.raw`const { ...rest } = "x".match(/(?<__proto__>x)/).groups`,
  ],
  ["a built pattern with the group", `"x".match("(?<__proto__>x)")`],
  ["a replacement naming the group", `"x".replace(/(?<__proto__>x)/, "$<__proto__>")`],
  ["a group named constructor", `/(?<constructor>x)/.exec("x")`],
  ["a computed key", `const k = "__proto__"\nconst o = { [k]: 1 }`],
  ["a computed write", `const k = "__pro" + "to__"\nconst o = {}\no[k] = 1`],
  ["a destructured computed key", `const k = "__proto__"\nconst { [k]: v, ...rest } = { a: 1 }`],
  ["Object.fromEntries", `Object.fromEntries([["__proto__", 1]])`],
  ["Object.fromEntries with an array key", `Object.fromEntries([[["__proto__"], 1]])`],
  ["dict with an array key", `dict([[["prototype"], 1]])`],
  ["dict of a map", `dict(give("proto-map"))`],
  ["Object.fromEntries of a map", `Object.fromEntries(give("proto-map"))`],
  ["JSON.parse, nested", `JSON.parse('{"a": {"__proto__": 1}}')`],
  ["JSON.parse, in a list", `JSON.parse('[{"__defineSetter__": 1}]')`],
  [
    "Object.assign from made keys",
    `const k = "__proto__"\nObject.assign({}, Object.fromEntries([[k, 1]]))`,
  ],
];

const HARMLESS: [string, string, unknown][] = [
  ["object rest", `const { ...rest } = { a: 1, b: 2 }\nrest`, { a: 1, b: 2 }],
  [
    "object rest after a key",
    `const { a, ...rest } = JSON.parse('{"a": 1, "b": 2}')\nrest`,
    { b: 2 },
  ],
  [
    "object rest of regex groups",
    String.raw`const { ...g } = "2024-05".match(/(?<y>\d+)-(?<m>\d+)/).groups` + "\ng",
    { y: "2024", m: "05" },
  ],
  ["object rest of a tool result", `const { ...r } = give("instance")\nr`, { key: 1 }],
  ["a map with a forbidden key, as output", `give("proto-map")`, { "[key __proto__]": 1 }],
  ["a map with the key, read", `give("proto-map").get("__proto__")`, 1],
  ["spread of a map", `const o = { ...give("proto-map") }\no`, {}],
  ["dict of a plain map", `dict(give("map"))`, { a: 1 }],
  ["a key that only contains __", `const o = { a__b: 1 }\no`, { a__b: 1 }],
];

describe("keys made from program and tool input", () => {
  const attempt = (source: string) =>
    run(source, { tools: testTools().tools, toolSpecs: TOOL_SPECS });

  it.each(FORBIDDEN_KEYS)("refuses a forbidden key from %s", async (_name, source) => {
    const result = await attempt(source);
    expect(result.error?.code).toBe("forbidden_property");
    expect(result.error?.hint).toContain("constructor, prototype and names starting with __");
  });

  it.each(HARMLESS)("keeps %s plain", async (_name, source, output) => {
    const result = await attempt(source);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
  });

  it("refuses a tool result with an own __proto__ key", async () => {
    const result = await attempt(`give("proto")`);
    expect(result.error).toMatchObject({ code: "tool_error", tool: "give" });
  });

  afterAll(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });
});
