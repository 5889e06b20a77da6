import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceView } from "@lackpy/kit/node";
import { EVERYDAY_NEEDS } from "../__fixtures__/everyday-requests.js";
import { createRulesWorkspace } from "../__fixtures__/rules-workspace.js";
import { groundRequest } from "./ground-request.js";
import { INTENT_RULES } from "./intent-rules.js";
import { renderForms } from "./match-rules.js";
import { mayMatch } from "./first-words.js";
import { readRequest } from "./read-request.js";
import { rulePattern } from "./rule-types.js";

describe("mayMatch", () => {
  it("skips a line whose first tokens cannot open a match", () => {
    const pattern = rulePattern("(?:show |find )?(?<count>count )?lines? in (?<file>F)");
    for (const line of ["line in F", "show lines in F", "count line in F", "find count line in F"])
      expect(mayMatch(pattern, line)).toBe(true);
    for (const line of ["show K file in F", "count show line in F", "read line in F", "show line"])
      expect(mayMatch(pattern, line)).toBe(false);
  });

  it("reads groups of bare words inside an optional group, and a required group", () => {
    const pattern = rulePattern("(?:(?:show|find) )?(?:(?<n>N) )?(?<verb>largest|smallest) K");
    for (const line of ["show N largest K", "find largest K", "N smallest K", "largest K"])
      expect(mayMatch(pattern, line)).toBe(true);
    for (const line of ["show K largest", "N N largest K", "count K"])
      expect(mayMatch(pattern, line)).toBe(false);
  });

  it("skips a line that lacks a text every match holds, whatever it opens with", () => {
    const pattern = rulePattern("(?:show )?(?:{kind} )?(?<files>file) largest{scope}");
    expect(mayMatch(pattern, "show K file largest in D")).toBe(true);
    for (const line of ["show K file", "show K file smallest", "K largest"])
      expect(mayMatch(pattern, line)).toBe(false);
  });

  it("runs every pattern whose opening it does not read", () => {
    const unread = [
      "(?<name>[^ ]+) call", // a class
      "\\w+ file", // an escape
      "(?:show )*line", // a group that may repeat
      "l?ist K", // a letter that may be absent
      "(?:show (?:all )?)?line", // a group that holds a quantified group
      "(?:show|find)?line", // an optional group of words with no space after them
      "show K|count K", // an alternative outside every group
      "(?:show )?(?:(?<kind>K(?: and K)*)|(?<source>source)) file", // a group of groups
    ].map(rulePattern);
    // Lines that hold every text the patterns must (" call", " file", "line", "ist K", "K").
    for (const pattern of unread) expect(mayMatch(pattern, "xyz call file line ist K")).toBe(true);
  });

  it("makes no regular expression of a pattern the line cannot open", () => {
    // Not a valid expression (out of order): made at load, it would throw there.
    const pattern = rulePattern("show K{2,1}");
    expect(mayMatch(pattern, "count K")).toBe(false);
    expect(() => pattern.regex).toThrow(SyntaxError);
  });

  it("keeps an alternative outside any group inside the anchors", () => {
    const pattern = rulePattern("show K|count K");
    expect(pattern.regex.test("count K")).toBe(true);
    expect(pattern.regex.test("count K and more")).toBe(false);
  });
});

describe("the rules' first words", () => {
  let root: string;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    ({ root, remove } = await createRulesWorkspace());
  });
  afterAll(() => remove());

  it("never skip a pattern that matches the line, over every rule example and everyday phrasing", async () => {
    const requests = [
      ...INTENT_RULES.flatMap((rule) => rule.examples),
      ...EVERYDAY_NEEDS.flatMap((need) => need.phrasings),
    ];
    const workspace = createWorkspaceView(root);
    const patterns = INTENT_RULES.flatMap((rule) => rule.patterns);
    let matched = 0;
    let skipped = 0;
    for (const request of requests) {
      const { line } = renderForms(await groundRequest(readRequest(request), workspace));
      for (const pattern of patterns) {
        const may = mayMatch(pattern, line);
        if (pattern.regex.test(line)) {
          matched += 1;
          expect({ request, line, pattern: pattern.source, may }).toMatchObject({ may: true });
        }
        if (!may) skipped += 1;
      }
    }
    // Enough lines matched to mean something, and a good part of the patterns were skipped unrun.
    expect(matched).toBeGreaterThan(requests.length / 2);
    expect(skipped / (requests.length * patterns.length)).toBeGreaterThan(0.6);
  });
});
