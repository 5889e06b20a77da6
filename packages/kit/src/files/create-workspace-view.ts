import { statSync } from "node:fs";
import { confinePathSync, workspaceRoot } from "../protect/confine-path.js";
import { findFiles } from "./find-files.js";
import { MAX_FIND_RESULTS } from "./file-tool-specs.js";
import { protectionFor, type FileToolsOptions } from "./create-file-tools.js";
import type { WorkspaceView } from "./workspace-view.js";
import { readTextFile } from "./read-text-file.js";

/** Largest `package.json` the view reads (1 MiB). */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/**
 * A read-only view of a workspace for grounding (the rules tier asks it whether a folder or file
 * a request names exists). It sees exactly what the file tools see: every path goes through
 * `confinePathSync` with the same protection, every listing through `findFiles`, so a protected
 * or hidden path is never reported as there. The only content it reads is a `package.json`'s.
 */
export function createWorkspaceView(root: string, options: FileToolsOptions = {}): WorkspaceView {
  const protection = protectionFor(options);
  const workspace = workspaceRoot(root);
  const maxFindResults = options.maxFindResults ?? MAX_FIND_RESULTS;
  return {
    async kind(path) {
      try {
        const info = statSync(confinePathSync(workspace, path, { protection }));
        return info.isFile() ? "file" : info.isDirectory() ? "folder" : null;
      } catch {
        return null;
      }
    },
    async manifest(path) {
      if (!/(?:^|\/)package\.json$/.test(path)) return null;
      try {
        const text = await readTextFile(workspace, path, {
          maxReadBytes: MAX_MANIFEST_BYTES,
          protection,
        });
        const value: unknown = JSON.parse(text);
        return value && typeof value === "object" && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    },
    async files(glob) {
      try {
        return await findFiles(workspace, glob, { maxFindResults, protection });
      } catch {
        return [];
      }
    },
  };
}
