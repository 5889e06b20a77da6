// Delegates `runs` intents that the workspace's `lines` template answers, then closes the service
// (or, with `exit`, flushes nothing and exits, leaving the counts to the exit handler).
import { DEFAULT_CONFIG, LackpyService } from "../../dist/index.js";

const [workspace, runs, ending = "close"] = process.argv.slice(2);
const config = structuredClone(DEFAULT_CONFIG);
config.run.mode = "in-process";
config.inference.order = ["templates", "rules"];
const service = new LackpyService({ workspace, config });
for (let run = 0; run < Number(runs); run++) {
  const result = await service.delegate("count lines in README.md");
  if (result.tier !== "templates" || !result.success) throw new Error(JSON.stringify(result));
  // Write often, so the two processes' writes interleave.
  if (ending === "close" && run % 2 === 0) await service.flush();
}
if (ending === "exit") process.exit(0);
await service.close();
