/** A Node stdio MCP server that appends to `marker` when it starts; `imports` are specifiers it imports first. */
export function nodeMarkerServer(marker: string, options?: { imports?: string[] }): string;
/** A Python stdio MCP server that imports its sibling `helper` and appends to `marker` when it starts. */
export function pythonMarkerServer(marker: string): string;
/** A module that appends a line to `marker` when it is imported. */
export function markerModule(marker: string, line?: string): string;
/** A module tool's module that appends to `marker` when imported and exports `hello(name)`. */
export function markerToolModule(marker: string): string;
