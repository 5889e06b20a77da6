import { describe, expect, it } from "vitest";
import { workspaceFor } from "../__fixtures__/rule-answers.js";

/** The files that lack some text, each read whole: "which js files don't have "use strict"". */
const FILES: Readonly<Record<string, string>> = {
  "lib/a.js": "'use strict'\nmodule.exports = 1\n",
  "lib/b.js": "module.exports = 2\n",
  "lib/c.mjs": "export default 3\n",
  "bin/cli.js": "#!/usr/bin/env node\n'use strict'\n",
  "README.md": "use strict mode\n",
};

const { ask } = workspaceFor("without", FILES);

describe("the files that do not contain some text", () => {
  it.each<[string, unknown]>([
    ["which .js files don't have \"'use strict'\" in them?", ["lib/b.js"]],
    ['which files in lib do not contain "use strict"', ["lib/b.js", "lib/c.mjs"]],
    ['list the .js files without "use strict"', ["lib/b.js"]],
    ['how many .js files lack "use strict"', 1],
    ["which .js files in bin don't contain module.exports", ["bin/cli.js"]],
    // Every file has it: the empty list is checked, each file was read.
    ['which .js files in bin do not contain "use strict"', []],
  ])("%j", async (request, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("files-not-containing");
    expect(output).toEqual(gold);
  });

  it("reads no plain word as the text without a word that introduces it", async () => {
    expect((await ask("which files do not have tests")).built.rule).not.toBe(
      "files-not-containing",
    );
    expect((await ask('which files need "use strict"')).built.rule).not.toBe(
      "files-not-containing",
    );
  });
});
