import type { CommonFormsSpec } from "./language-spec-types.js";

/**
 * Forms capable models write by habit (language.md §2, "What models write, accepted where it is
 * safe"). The accepted ones are as bounded as the rest of the language; the refused ones are
 * what prompts and tool descriptions state up front, with the fix. Each accepted `code`
 * validates with `xs` and `n` as parameters (a test checks it).
 */
export const COMMON_FORMS: CommonFormsSpec = Object.freeze({
  accepted: Object.freeze([
    {
      code: "for (let i = 0; i < n; i++) print(i)",
      note: "C-style for: the first part declares with let or assigns; each iteration has its own i",
    },
    {
      code: "xs.map(x => { return x * 2 })",
      note: "block-bodied arrows hold any statements, plus return (allowed inside an arrow's block only)",
    },
    { code: "[...new Set(xs)]", note: "new Set(items) and new Map(pairs), only with new" },
    {
      code: "range(n).filter(i => i % 2 === 0)",
      note: "ranges have the array methods that read them",
    },
    {
      code: 'xs[0]?.name ?? "none"',
      note: "optional chaining (also ?.() and ?.[]) and ??; typeof, ++, += and the other operators of the spec",
    },
  ]),
  refused: Object.freeze([
    {
      construct: "regex lookaround and backreferences",
      hint: "the regex engine is linear-time: match more loosely, then check the match in code",
      instead: "match loosely, check in code",
    },
    {
      construct: "while and do-while loops",
      hint: "use for (let i = 0; i < n; i++) or for (const x of items)",
      instead: "for…of, or a C-style for",
    },
    {
      construct: "function and class declarations",
      hint: "pass arrow functions directly to helpers and methods; use plain objects",
      instead: "arrows as arguments; objects",
    },
    {
      construct: "try/catch and throw",
      hint: "a failing tool stops the program and is reported; end with an expression instead of throw",
      instead: "not needed: a failing tool stops the program",
    },
    {
      construct: "new of anything but Set and Map",
      hint: "use literals, helpers such as dict(pairs) and list(x), or a kit tool",
      instead: "literals, dict(pairs), list(x)",
    },
    {
      construct: "const f = x => …",
      hint: "pass the arrow directly where it is used, e.g. sorted(xs, x => x.size)",
      instead: "pass arrows directly",
    },
    {
      construct: "a line starting with (, [ or `",
      hint: "it continues the line before it (asi_hazard): end the previous line with ';' or assign the value to a variable first",
      instead: "asi_hazard, it joins the line before: assign first",
    },
  ]),
});
