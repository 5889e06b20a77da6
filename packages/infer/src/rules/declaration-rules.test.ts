import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";

const FILES: Record<string, string> = {
  "lib/events.js": [
    "const util = require('util')",
    "class Event { constructor() {} get type() {} }",
    "class CloseEvent extends Event { code() { function inner() {} } }",
    "function helper() {}",
    "const arrow = () => 1",
    "",
  ].join("\n"),
  "lib/dialects/pg/client.js": "class Client {}\nclass Pool {}\n",
  "lib/dialects/pg/query.js": "class Query {}\nfunction run() {}\n",
  "src/types.ts": "export interface Patch {}\nexport interface Producer {}\nexport type T = 1\n",
  "types/index.d.ts":
    "export declare class Event { constructor(); get type(): string; extra(): void }\n",
};

let root: string;
beforeAll(async () => {
  root = await writeWorkspace("declarations", FILES);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("what files declare", () => {
  it.each<[string, unknown]>([
    ["how many classes are defined in lib/events.js", 2],
    ["how many top-level functions are declared in lib/events.js", 2],
    ["what functions does lib/events.js define", ["helper", "arrow"]],
    ["which interfaces are declared in src/types.ts", ["Patch", "Producer"]],
    ["how many classes are defined in lib/dialects", 3],
    ["list the methods of the Event class", ["constructor", "type"]],
  ])("%s", async (request, expected) => {
    const { output } = await answerCleanly(root, request);
    expect(output).toEqual(expected);
  });

  it("lists the names a folder's modules declare, once each", async () => {
    const { output } = await answerCleanly(root, "which classes are defined in lib/dialects");
    expect(output).toEqual(["Client", "Pool", "Query"]);
  });

  it("gives no answer for a class no file defines", async () => {
    const { built, output } = await answerCleanly(root, "list the methods of the Missing class");
    expect(built.rule === null || output === null).toBe(true);
  });
});
