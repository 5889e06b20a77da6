/**
 * Sources of tiny stdio MCP servers, without dependencies, that a test writes into a cloned
 * workspace: each appends a line to a marker file the moment it runs (the proof that workspace
 * code ran), then serves one read-only tool, `<prefix>hello(name)`. Newline-delimited JSON-RPC.
 */

/** A Node server; `imports` are module specifiers it imports first (its siblings, say). */
export function nodeMarkerServer(marker, options = {}) {
  return `import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";
${(options.imports ?? []).map((specifier) => `import ${JSON.stringify(specifier)};`).join("\n")}
appendFileSync(${JSON.stringify(marker)}, "server started\\n");
const send = (message) => process.stdout.write(JSON.stringify(message) + "\\n");
const TOOL = {
  name: "hello",
  description: "Say hello.",
  inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  annotations: { readOnlyHint: true },
};
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, method, params } = JSON.parse(line);
  if (id === undefined) continue;
  if (method === "initialize")
    send({ jsonrpc: "2.0", id, result: { protocolVersion: params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "marker", version: "1.0.0" } } });
  else if (method === "tools/list") send({ jsonrpc: "2.0", id, result: { tools: [TOOL] } });
  else if (method === "tools/call")
    send({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "hello " + params.arguments.name }] } });
  else send({ jsonrpc: "2.0", id, result: {} });
}
`;
}

/** A Python server: it imports `helper` (a sibling module) and `json`, which a sibling `json.py` would shadow. */
export function pythonMarkerServer(marker) {
  return `import json, sys
import helper
with open(${JSON.stringify(marker)}, "a") as f:
    f.write("server started\\n")
TOOL = {"name": "hello", "description": "Say hello.", "annotations": {"readOnlyHint": True},
        "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}
def send(message):
    sys.stdout.write(json.dumps(message) + "\\n")
    sys.stdout.flush()
for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    if "id" not in request:
        continue
    method, rid = request.get("method"), request["id"]
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": rid, "result": {"protocolVersion": request["params"]["protocolVersion"], "capabilities": {"tools": {}}, "serverInfo": {"name": "marker", "version": "1.0.0"}}})
    elif method == "tools/list":
        send({"jsonrpc": "2.0", "id": rid, "result": {"tools": [TOOL]}})
    elif method == "tools/call":
        send({"jsonrpc": "2.0", "id": rid, "result": {"content": [{"type": "text", "text": helper.greet(request["params"]["arguments"]["name"])}]}})
    else:
        send({"jsonrpc": "2.0", "id": rid, "result": {}})
`;
}

/** A module that appends to the marker file when it is imported: planted code. */
export function markerModule(marker, line = "planted code ran") {
  return `import { appendFileSync } from "node:fs";\nappendFileSync(${JSON.stringify(marker)}, ${JSON.stringify(`${line}\n`)});\n`;
}

/** A module tool's module: appends to the marker file when imported, and exports `hello(name)`. */
export function markerToolModule(marker) {
  return `import { appendFileSync } from "node:fs";
appendFileSync(${JSON.stringify(marker)}, "module loaded\\n");
export function hello(name) {
  return "hello " + name;
}
`;
}
