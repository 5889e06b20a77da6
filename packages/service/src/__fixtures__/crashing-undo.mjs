// Undoes a run (argv: workspace, runId) and prints what the undo did; with
// LACKPY_TEST_CRASH_BEFORE_FORGETTING or LACKPY_TEST_CRASH_AFTER_RENAMES set, the undo's landing
// kills this process at that point.
import { LackpyService } from "../../dist/index.js";

const [workspace, runId] = process.argv.slice(2);
const service = await LackpyService.open({ workspace });
process.stdout.write(JSON.stringify(await service.undo(runId)));
await service.close();
