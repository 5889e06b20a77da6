import { readdirSync, readFileSync } from "node:fs";
import {
  ALLOWED_NODE_TYPES,
  CONSTRUCTORS,
  HELPERS,
  METHOD_ALLOWLIST,
  SAFE_GLOBALS,
} from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import { CONSTRUCTOR_IMPLEMENTATIONS } from "./builtins/collections.js";
import { EVALUATORS, HELPER_IMPLEMENTATIONS, implementedGlobalMembers, run } from "./index.js";

describe("the interpreter implements exactly the language spec", () => {
  it("has an evaluator for every node type the validator allows, and no other", () => {
    expect(Object.keys(EVALUATORS).sort()).toEqual([...ALLOWED_NODE_TYPES].sort());
  });

  it("implements every helper builtin the spec lists, and no other", () => {
    expect(Object.keys(HELPER_IMPLEMENTATIONS).sort()).toEqual(
      HELPERS.map((helper) => helper.name).sort(),
    );
  });

  it("implements every constructor the spec lists, and no other", () => {
    expect(Object.keys(CONSTRUCTOR_IMPLEMENTATIONS).sort()).toEqual(
      CONSTRUCTORS.map((constructor) => constructor.name).sort(),
    );
  });

  it("implements every safe global and member the spec lists, and no other", () => {
    const listed = SAFE_GLOBALS.flatMap((global) =>
      global.members
        ? global.members.map((member) => `${global.name}.${member.name}`)
        : [global.name],
    );
    expect(implementedGlobalMembers().sort()).toEqual(listed.sort());
  });

  it.each(Object.entries(METHOD_ALLOWLIST))(
    "calls every allowed %s method",
    async (type, methods) => {
      const receivers: Record<string, string> = {
        string: `"a,b"`,
        array: `[3, 1, 2]`,
        number: `(1.5)`,
        regex: `/a/`,
        set: `new Set([1])`,
        map: `new Map([["a", 1]])`,
        range: `range(3)`,
      };
      const args: Record<string, string> = {
        map: "x => x",
        filter: "x => x",
        find: "x => x",
        findIndex: "x => x",
        findLast: "x => x",
        findLastIndex: "x => x",
        some: "x => x",
        every: "x => x",
        reduce: "(a, b) => a + b",
        flatMap: "x => [x]",
        forEach: "x => x",
        split: `","`,
        replace: `"a", "b"`,
        replaceAll: `"a", "b"`,
        padStart: "5",
        padEnd: "5",
        repeat: "2",
        concat: `"x"`,
        includes: `"a"`,
        indexOf: `"a"`,
        lastIndexOf: `"a"`,
        startsWith: `"a"`,
        endsWith: `"a"`,
        match: "/a/",
        matchAll: "/a/g",
        search: "/a/",
        localeCompare: `"b"`,
        at: "0",
        charAt: "0",
        test: `"a"`,
        exec: `"a"`,
        has: "1",
        add: "2",
        delete: "1",
        get: `"a"`,
        set: `"b", 2`,
        push: "4",
        unshift: "0",
        join: `"-"`,
        toFixed: "1",
        toPrecision: "2",
        toString: "",
        slice: "0, 1",
        substring: "0, 1",
      };
      for (const method of methods) {
        if (method === "size") continue;
        const receiver = receivers[type];
        const argument = type === "range" && method === "includes" ? "2" : (args[method] ?? "");
        const result = await run(`${receiver}.${method}(${argument})`);
        expect(result.error, `${type}.${method}: ${result.error?.message}`).toBeNull();
        // A value a tool returns has the same methods.
        const given = await run(`const value = give()\nvalue.${method}(${argument})`, {
          tools: { give: () => (type === "map" ? new Map([["a", 1]]) : new Set([1])) },
        });
        if (type === "set" || type === "map")
          expect(given.error, `given ${type}.${method}: ${given.error?.message}`).toBeNull();
      }
    },
  );

  it("keeps the root entry free of node: imports (browser-safe)", () => {
    const nodeOnly = new Set([
      "node.ts",
      "child-entry.ts",
      "isolated/check-run-request.ts",
      "isolated/child-pool.ts",
      "isolated/heap-watch.ts",
      "isolated/host-heap-gauge.ts",
      "isolated/isolated-child.ts",
      "isolated/read-scope.ts",
      "isolated/run-isolated.ts",
      "isolated/serve-host.ts",
      "isolated/start-child.ts",
    ]);
    const directory = new URL(".", import.meta.url);
    for (const file of readdirSync(directory, { recursive: true, encoding: "utf8" }).filter(
      (name) =>
        name.endsWith(".ts") &&
        !name.endsWith(".test.ts") &&
        !name.startsWith("__fixtures__") &&
        !nodeOnly.has(name),
    )) {
      expect(readFileSync(new URL(file, directory), "utf8"), file).not.toMatch(/from "node:/);
    }
  });
});
