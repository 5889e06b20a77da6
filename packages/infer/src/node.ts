export { templatesFromDirectory } from "./templates-dir.js";
export { jsonlSink, readJsonl } from "./jsonl.js";
