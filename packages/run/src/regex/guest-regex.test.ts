import { afterAll, describe, expect, it } from "vitest";
import { REGEX_CASES, REGEX_DIFFERENCES, type RegexCase } from "../__fixtures__/regex-cases.js";
import { TOOL_SPECS, testTools } from "../__fixtures__/tools.js";
import { closeWorkerPool, run } from "../node.js";

afterAll(() => closeWorkerPool());

/** The program that performs a case's call on the linear-time engine. */
function programFor({ pattern, flags, call, argument }: RegexCase): string {
  const literal = `/${pattern}/${flags}`;
  switch (call) {
    case "test":
      return `const re = ${literal}\nconst r = [re.test(text), re.lastIndex, re.test(text), re.lastIndex]\nr`;
    case "exec":
      return `const re = ${literal}\nconst m = re.exec(text)\nconst n = re.exec(text)\nconst r = [m, m?.index, m?.groups, n, n?.index, re.lastIndex]\nr`;
    case "match":
      return `const m = text.match(${literal})\nconst r = [m, m?.index, m?.groups]\nr`;
    case "matchAll":
      return `text.matchAll(${literal}).map(m => [m, m.index, m.groups])`;
    case "search":
      return `text.search(${literal})`;
    case "split":
      return argument === undefined ? `text.split(${literal})` : `text.split(${literal}, arg)`;
    default:
      return `text.${call}(${literal}, arg)`;
  }
}

/** The same call on the host's own engine (safe here: the patterns are fixed and small). */
function natively({ pattern, flags, text, call, argument }: RegexCase): unknown {
  const re = new RegExp(pattern, flags);
  switch (call) {
    case "test":
      return [re.test(text), re.lastIndex, re.test(text), re.lastIndex];
    case "exec": {
      const m = re.exec(text);
      const n = re.exec(text);
      return [m, m?.index, m?.groups, n, n?.index, re.lastIndex];
    }
    case "match": {
      const m = text.match(re);
      return [m, m?.index, m?.groups];
    }
    case "matchAll":
      return [...text.matchAll(re)].map((m) => [m, m.index, m.groups]);
    case "search":
      return text.search(re);
    case "split":
      return text.split(re, argument as number | undefined);
    case "replace":
      return text.replace(re, argument as string);
    case "replaceAll":
      return text.replaceAll(re, argument as string);
  }
}

const asJson = (value: unknown) => JSON.parse(JSON.stringify([value]))[0];

describe("guest regular expressions", () => {
  it("has at least 150 conformance cases", () => {
    expect(REGEX_CASES.length).toBeGreaterThanOrEqual(150);
  });

  it.each(REGEX_CASES.map((entry) => [`${entry.call} /${entry.pattern}/${entry.flags}`, entry]))(
    "%s agrees with JavaScript",
    async (_name, entry) => {
      const result = await run(programFor(entry), {
        params: { text: entry.text, arg: entry.argument ?? null },
      });
      expect(result.error).toBeNull();
      expect(result.output).toEqual(asJson(natively(entry)));
    },
  );

  it.each([
    [`"a1b22".replace(/\\d+/g, (m, offset) => "<" + m + offset + ">")`, "a<11>b<223>"],
    [`"a-b-c".replace("-", (m, i, s) => i + s)`, "a1a-b-cb-c"],
    [`"aaa".replaceAll("a", (m, i) => i)`, "012"],
    [`"x".replace(/(y)?x/, (m, p1) => typeof p1)`, "undefined"],
    [
      `"2024-05".replace(/(?<y>\\d+)-(?<m>\\d+)/, (...args) => JSON.stringify(args))`,
      JSON.stringify(["2024-05", "2024", "05", 0, "2024-05", { y: "2024", m: "05" }]),
    ],
    [`"a.b.c".replace(".", "-")`, "a-b.c"],
    [`"a.b.c".replaceAll(".", "-")`, "a-b-c"],
    [`"ab".replaceAll("", "-")`, "-a-b-"],
    [`"a+b".split("+")`, ["a", "b"]],
    [`"a1b2".match("\\\\d")`, ["1"]],
    [`"a.b".search(".")`, 0],
    [`"abc".match()`, [""]],
    [`"x".matchAll("x").map(m => m.index)`, [0]],
    [
      `const re = /a/g\nre.lastIndex = 2\nconst r = [re.exec("aaaa").index, re.lastIndex]\nr`,
      [2, 3],
    ],
    [
      `const re = /a/gimsuy\nconst r = [re.source, re.flags, re.global, re.sticky, re.unicode]\nr`,
      ["a", "gimsuy", true, true, true],
    ],
    [
      `const re = /\\w+/g\nconst r = [re.test("ab cd"), re.lastIndex, String(re)]\nr`,
      [true, 2, "/\\w+/g"],
    ],
    [`give("regex").test("caa")`, true],
    [`"TODO: x\\ntodo: y".match(/todo/gi)`, ["TODO", "todo"]],
    [`"x".replace(/x/, "$")`, "$"],
  ])("runs %s", async (source, output) => {
    const result = await run(source, { tools: testTools().tools, toolSpecs: TOOL_SPECS });
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
  });

  it.each(REGEX_DIFFERENCES)("matches by code point: $source", async ({ source, output }) => {
    const result = await run(source, {});
    expect(result.output).toEqual(output);
  });

  it.each([
    [`"aa".match("(a)\\\\1")`, "runtime_error"],
    [`"aa".match("(?<x>a)\\\\k<x>")`, "runtime_error"],
    [`"ab".search("a(?=b)")`, "runtime_error"],
    [`"ab".search("a(?!b)")`, "runtime_error"],
    [`"ab".search("(?<=a)b")`, "runtime_error"],
    [`"x".match("a{1001}")`, "runtime_error"],
    [`"x".match("[a-z]{1000}".repeat(30))`, "runtime_error"],
    [`"x".match("(")`, "runtime_error"],
    [`"x".match("(?<__proto__>x)")`, "forbidden_property"],
    [`/(?<__proto__>x)/.exec("x")`, "forbidden_property"],
    [`/(?<constructor>x)/.test("x")`, "forbidden_property"],
    [`/(?<__defineGetter__>x)/.test("x")`, "forbidden_property"],
    [`"x".matchAll(/x/)`, "runtime_error"],
    [`"x".replaceAll(/x/, "y")`, "runtime_error"],
    [`"abc".includes(/b/)`, "runtime_error"],
    [`"abc".startsWith(/a/)`, "runtime_error"],
    [`/a/d.exec("a")`, "runtime_error"],
    [`give("backreference").test("aa")`, "runtime_error"],
    [`const re = /a/g\nre.lastIndex = "1"`, "runtime_error"],
    [`const re = /a/g\nre.source = "b"`, "runtime_error"],
  ])("refuses %s", async (source, code) => {
    const result = await run(source, { tools: testTools().tools, toolSpecs: TOOL_SPECS });
    expect(result.error?.code).toBe(code);
    expect(result.error?.message.length).toBeGreaterThan(20);
  });

  it("says which pattern needs backtracking and how to do without it", async () => {
    const result = await run(`"aa".match("(a)\\\\1")`, {});
    expect(`${result.error?.message} | ${result.error?.hint}`).toMatchInlineSnapshot(
      `"/(a)\\1/: Backreferences (\\1, \\k<name>) need a backtracking regex engine; lackpy runs regular expressions on a linear-time engine. | capture the text with a group, then compare it in code"`,
    );
  });

  it.each(["in-process", "isolated"] as const)(
    "finishes catastrophic patterns at once (%s)",
    async (mode) => {
      const result = await run(
        `const s = "a".repeat(5000) + "!"\nconst r = [/(a+)+$/.test(s), /(a|aa)*b/.test(s), /(\\w+\\s?)*$/.exec(s)?.index, s.replace(/(a*)*x/g, "-").length, len(s.split(/(a|a)*!/))]\nr`,
        { mode, limits: { timeoutMs: 2000 } },
      );
      expect(result.error).toBeNull();
      expect(result.output).toEqual([false, false, 5001, 5001, 3]);
    },
  );

  it("refuses up front a search whose worst case would not fit the time left", async () => {
    const result = await run(`const s = "ab".repeat(3e6)\nconst found = /(\\w+)(\\d)/.test(s)`, {
      limits: { timeoutMs: 200 },
    });
    expect(result.error?.code).toBe("limit_time");
    expect(result.error?.message).toContain("regular expression over 6000000 characters");
  });

  it("stops a quadratic run of matches with the clock", async () => {
    const result = await run(`"a".repeat(20000).match(/a.*b|a/g).length`, {
      limits: { timeoutMs: 300 },
    });
    expect(result.error?.code).toBe("limit_time");
  });
});
