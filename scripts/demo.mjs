// The quick start's main job: validate a shipped sample program against the readonly kit and print the result.
import { readFile } from "node:fs/promises";
import { validate } from "@lackpy/lang";

const file = new URL("../examples/count-todos.js", import.meta.url);
const source = await readFile(file, "utf8");
const tools = [
  { name: "read_file", args: [{ name: "path", type: "string" }], gradeW: 1, effectsCeiling: 0 },
  { name: "find_files", args: [{ name: "pattern", type: "string" }], gradeW: 1, effectsCeiling: 0 },
];
const result = validate(source, { tools });
console.log(`examples/count-todos.js: ${result.valid ? "valid" : "invalid"}`);
console.log(JSON.stringify(result, null, 2));
process.exitCode = result.valid ? 0 : 1;
