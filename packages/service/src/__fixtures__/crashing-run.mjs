// Runs a program that writes three files, in a workspace whose config sets the run mode; with
// LACKPY_TEST_CRASH_AFTER_RENAMES set, the landing kills this process between two renames.
import { LackpyService } from "../../dist/index.js";

const [workspace, program] = process.argv.slice(2);
const service = await LackpyService.open({ workspace });
const result = await service.runProgram(program, { kit: "files" });
process.stdout.write(JSON.stringify({ success: result.success, runId: result.runId }));
await service.close();
