import { describe, expect, it } from "vitest";
import { workspaceFor } from "../__fixtures__/rule-answers.js";

/**
 * Classes over many files: which a folder or a kind of file declares, which extend a class, and
 * what a class extends, with TypeScript's CommonJS output beside its declarations.
 */
const FILES: Readonly<Record<string, string>> = {
  "dist/errors.js": [
    "class RequestError extends Error {}",
    "export class HTTPError extends RequestError {}",
    "export class CacheError extends errors_1.RequestError {}",
    "// class NotOne extends RequestError, in a comment, is text all the same",
    "",
  ].join("\n"),
  "dist/errors.d.ts": [
    "export declare class RequestError extends Error {}",
    "export declare class HTTPError extends RequestError {}",
    "",
  ].join("\n"),
  "dist/redis.js": [
    "const commander_1 = require('./commander')",
    "class Redis extends commander_1.default {}",
    "exports.default = Redis",
    "",
  ].join("\n"),
  "dist/redis.d.ts":
    "import Commander from './commander'\ndeclare class Redis extends Commander {}\n",
  "dist/commander.js": "class Commander {}\nexports.default = Commander\n",
  "dist/types.d.ts": "export declare class OnlyDeclared {}\n",
};

const { ask } = workspaceFor("classes", FILES);

describe("classes over many files", () => {
  it("lists and counts the classes a folder or a kind of file declares, code before .d.ts", async () => {
    expect((await ask("list all the classes defined in dist")).output).toEqual([
      "CacheError",
      "Commander",
      "HTTPError",
      "Redis",
      "RequestError",
    ]);
    expect((await ask("how many classes are defined in the js files")).output).toBe(5);
    expect((await ask("how many classes are declared in the .d.ts files")).output).toBe(4);
  });

  it("names the classes that extend a class, qualified or not", async () => {
    const { built, output } = await ask("which classes extend RequestError");
    expect(built.rule).toBe("subclasses");
    expect(output).toEqual(["CacheError", "HTTPError", "NotOne"]);
    expect((await ask("how many classes extend Error")).output).toBe(1);
    // Nothing found is no answer: a class may be made another way.
    const none = await ask("which classes extend FooBar");
    expect(none.built.rule === null ? null : none.built.noneIsUnknown).toBe(true);
  });

  it("names the class a class extends, reading TypeScript's CommonJS output", async () => {
    for (const request of ["what class does Redis extend", "what does the Redis class extend"]) {
      const { built, output } = await ask(request);
      expect(built.rule).toBe("superclass");
      expect(output).toBe("Commander");
    }
    expect((await ask("what class does Commander extend")).output).toBeNull();
  });

  it("reads no other verb as extending", async () => {
    expect((await ask("which classes use RequestError")).built.rule).not.toBe("subclasses");
    expect((await ask("what class does Redis need")).built.rule).toBeNull();
  });
});
