import type { ListingCheck, ReadCheck, StoredChangeSet, StoredPlan } from "./change-store-types.js";
import { isFileState, isWorkspaceRelative } from "./run-record-shape.js";

/** A plan's content as JSON holds it: text as text, bytes in base64. */
type EncodedContent = { text: string } | { base64: string } | null;

const ACTIONS = new Set(["create", "modify", "delete"]);
const SOURCES = new Set(["run", "delegate", "apply_changes", "undo"]);

/** A dry run's changes as one JSON text (what the store keeps). */
export function encodeChangeSet(set: StoredChangeSet): string {
  return JSON.stringify({
    ...set,
    plans: set.plans.map((plan) => ({ ...plan, content: encodeContent(plan.content) })),
  });
}

/**
 * The changes a JSON text holds, or null when it is not a change set lackpy could have kept:
 * every path workspace-relative, every state and action one lackpy writes (a store's files can
 * come with a cloned repository; landing checks each path again anyway).
 */
export function decodeChangeSet(text: string): StoredChangeSet | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || !Array.isArray(value.plans)) return null;
  if (!SOURCES.has(value.source as string) || typeof value.label !== "string") return null;
  if (value.caller !== null && typeof value.caller !== "string") return null;
  if (typeof value.expiresAt !== "number" || typeof value.sizeBytes !== "number") return null;
  const reads = value.reads ?? [];
  if (!Array.isArray(reads)) return null;
  for (const read of reads as Record<string, unknown>[])
    if (!isWorkspaceRelative(read?.path) || !isFileState(read.expected)) return null;
  const listings = value.listings ?? [];
  if (!Array.isArray(listings) || !listings.every(isListingCheck)) return null;
  const plans: StoredPlan[] = [];
  for (const entry of value.plans as Record<string, unknown>[]) {
    const plan = decodePlan(entry);
    if (!plan) return null;
    plans.push(plan);
  }
  return {
    plans,
    source: value.source as StoredChangeSet["source"],
    label: value.label,
    caller: value.caller,
    expiresAt: value.expiresAt,
    sizeBytes: value.sizeBytes,
    reads: (reads as ReadCheck[]).map(({ path, expected }) => ({ path, expected })),
    listings: listings as ListingCheck[],
  };
}

/** A listing a dry run took, as lackpy keeps one: a walk's glob or a folder, and paths it showed. */
function isListingCheck(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { kind, target, options, shown } = value as Record<string, unknown>;
  if ((kind !== "walk" && kind !== "folder") || typeof target !== "string") return false;
  if (kind === "folder" && target !== "." && !isWorkspaceRelative(target)) return false;
  if (options !== undefined) {
    if (typeof options !== "object" || options === null) return false;
    for (const [key, flag] of Object.entries(options))
      if ((key !== "include_ignored" && key !== "hidden") || flag !== true) return false;
  }
  return Array.isArray(shown) && shown.every((path) => isWorkspaceRelative(path));
}

/** The text and bytes a dry run's plans hold, as they are counted against `MAX_PENDING_BYTES`. */
export function changeSetSize(plans: readonly StoredPlan[]): number {
  return plans.reduce(
    (total, plan) =>
      total +
      plan.change.diff.length * 2 +
      (typeof plan.content === "string" ? plan.content.length * 2 : (plan.content?.length ?? 0)),
    0,
  );
}

function decodePlan(entry: Record<string, unknown>): StoredPlan | null {
  if (typeof entry !== "object" || entry === null) return null;
  const change = entry.change as Record<string, unknown> | undefined;
  if (!isWorkspaceRelative(entry.path) || !ACTIONS.has(entry.action as string)) return null;
  if (entry.expected !== undefined && !isFileState(entry.expected)) return null;
  if (entry.createdFolder != null && !isWorkspaceRelative(entry.createdFolder)) return null;
  if (typeof change !== "object" || change === null || change.path !== entry.path) return null;
  if (change.action !== entry.action || typeof change.diff !== "string") return null;
  const content = decodeContent(entry.content);
  if (content === undefined) return null;
  return {
    path: entry.path,
    action: entry.action as StoredPlan["action"],
    ...(entry.expected === undefined ? {} : { expected: entry.expected as StoredPlan["expected"] }),
    content,
    ...(entry.createdFolder === undefined
      ? {}
      : { createdFolder: entry.createdFolder as string | null }),
    change: { path: entry.path, action: entry.action as StoredPlan["action"], diff: change.diff },
  };
}

function encodeContent(content: StoredPlan["content"]): EncodedContent {
  if (content === null) return null;
  if (typeof content === "string") return { text: content };
  return {
    base64: Buffer.from(content.buffer, content.byteOffset, content.length).toString("base64"),
  };
}

/** The content, or undefined when the value is no encoded content. */
function decodeContent(value: unknown): StoredPlan["content"] | undefined {
  if (value === null) return null;
  if (typeof value !== "object") return undefined;
  const encoded = value as Record<string, unknown>;
  if (typeof encoded.text === "string") return encoded.text;
  if (typeof encoded.base64 === "string") return Buffer.from(encoded.base64, "base64");
  return undefined;
}
