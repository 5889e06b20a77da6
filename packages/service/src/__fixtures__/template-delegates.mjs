// Delegates `runs` intents that the workspace's `lines` template answers, then closes the service.
import { DEFAULT_CONFIG, LackpyService } from "../../dist/index.js";

const [workspace, runs] = process.argv.slice(2);
const config = structuredClone(DEFAULT_CONFIG);
config.run.mode = "in-process";
config.inference.order = ["templates", "rules"];
const service = new LackpyService({ workspace, config });
for (let run = 0; run < Number(runs); run++) {
  const result = await service.delegate("count lines in README.md");
  if (result.tier !== "templates" || !result.success) throw new Error(JSON.stringify(result));
  // Write often, so the two processes' writes interleave.
  if (run % 2 === 0) service.flush();
}
await service.close();
