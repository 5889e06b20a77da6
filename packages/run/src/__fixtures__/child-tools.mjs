// Child tool modules for child-tools.test.ts: an isolated child loads this file to answer tool
// calls itself. Each export makes one run's handler from plain options.
import { readFileSync, writeFileSync } from "node:fs";

/**
 * `tag(x)`: answered here as `child:<prefix><x>`, except `host`, which it leaves to the host;
 * reports the values it answered since the last report.
 */
export function createTag(options) {
  const news = [];
  let answered = [];
  return {
    call(args) {
      if (args[0] === "host") return null;
      if (args[0] === "news") return { value: news.slice() };
      answered.push(args[0]);
      return { value: `child:${options.prefix}${String(args[0])}` };
    },
    news(value) {
      news.push(value);
    },
    report() {
      if (answered.length === 0) return undefined;
      const told = answered;
      answered = [];
      return told;
    },
  };
}

/** `probe(kind, path)`: what this child may do with a path: read it or write it. */
export function createProbe() {
  const attempt = (work) => {
    try {
      return { value: `ok:${work()}` };
    } catch (error) {
      return { value: `denied:${error.code ?? error.message}` };
    }
  };
  return {
    call([kind, file]) {
      if (kind === "read") return attempt(() => readFileSync(file, "utf8"));
      if (kind === "write") return attempt(() => (writeFileSync(file, "pwned"), "written"));
      return null;
    },
  };
}

/** An export that throws: its tool is left to the host. */
export function createBroken() {
  throw new Error("this handler cannot be made");
}
