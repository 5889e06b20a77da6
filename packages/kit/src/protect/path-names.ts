/**
 * A workspace path's names as `checkWorkspacePath` reads them, folded one name at a time: each
 * fold keeps what the check needs of every name so far (a control character, the first sealed
 * name, a hidden name, the first write-protected folder, the path in lower case). The names of a
 * folder are folded once and kept (`namesOf` caches folders by their path), so checking the files
 * of a folder folds only their own last name: containment costs once per folder, not once per
 * name of every path. What a fold keeps depends on the builtin name rules only, never on a
 * workspace's protection, so one cache serves every workspace.
 */
import {
  CONTROL_CHARACTERS,
  forgivenName,
  plainLowerName,
  sealedReason,
  WRITE_PROTECTED_FOLDERS,
} from "./name-rules.js";

/** A path's names up to one of them, and what the check needs of all of them so far. */
export interface PathNamesSoFar {
  readonly parent: PathNamesSoFar | null;
  /** The name in lower case, as written. */
  readonly segment: string;
  /** The name as compared (`plainLowerName`, then `forgivenName`). */
  readonly name: string;
  /** True when this name, in its plain form, starts with `.`. */
  readonly isHidden: boolean;
  /** The path so far in lower case, `/`-separated. */
  readonly lower: string;
  /** True when a name so far has a control character. */
  readonly control: boolean;
  /** What the first sealed name so far holds, or null. */
  readonly sealed: string | null;
  /** True when a name so far is hidden. */
  readonly hidden: boolean;
  /** The first name so far that is a write-protected folder (`node_modules`), or null. */
  readonly writeFolder: string | null;
}

/** Folders folded so far, by their workspace-relative path as given; emptied when it is full. */
const FOLDERS = new Map<string, PathNamesSoFar>();
/** Most folders kept (a few hundred bytes each). */
const MAX_FOLDERS = 16_384;

/** The names of a `/`-separated workspace-relative path (not `""`), its folder's taken from the cache. */
export function namesOf(relative: string): PathNamesSoFar {
  const slash = relative.lastIndexOf("/");
  if (slash < 0) return fold(null, relative);
  return fold(folderNames(relative.slice(0, slash)), relative.slice(slash + 1));
}

/** The folder looked up last: the files of one folder come one after another (a listing, a loop over its files). */
let lastFolder = "";
let lastNames: PathNamesSoFar | null = null;

function folderNames(folder: string): PathNamesSoFar {
  if (lastNames !== null && folder === lastFolder) return lastNames;
  let names = FOLDERS.get(folder);
  if (names === undefined) {
    names = namesOf(folder);
    if (FOLDERS.size >= MAX_FOLDERS) FOLDERS.clear();
    FOLDERS.set(folder, names);
  }
  lastFolder = folder;
  lastNames = names;
  return names;
}

/** Folds one more name (as written) into the names so far. */
function fold(parent: PathNamesSoFar | null, written: string): PathNamesSoFar {
  const segment = written.toLowerCase();
  const plain = plainLowerName(segment);
  const name = forgivenName(plain);
  const isHidden = plain.startsWith(".");
  return {
    parent,
    segment,
    name,
    isHidden,
    lower: parent === null ? segment : `${parent.lower}/${segment}`,
    control: (parent?.control ?? false) || CONTROL_CHARACTERS.test(written),
    sealed: parent?.sealed ?? sealedReason(name),
    hidden: (parent?.hidden ?? false) || isHidden,
    writeFolder:
      parent?.writeFolder ?? (Object.hasOwn(WRITE_PROTECTED_FOLDERS, name) ? name : null),
  };
}

/** The names from the first to `last`, as arrays: in lower case as written, as compared, and the indexes of the hidden ones. */
export function namesArrays(last: PathNamesSoFar): {
  segments: string[];
  names: string[];
  hidden: number[];
} {
  const chain: PathNamesSoFar[] = [];
  for (let at: PathNamesSoFar | null = last; at !== null; at = at.parent) chain.push(at);
  chain.reverse();
  const hidden: number[] = [];
  chain.forEach((names, index) => {
    if (names.isHidden) hidden.push(index);
  });
  return {
    segments: chain.map((names) => names.segment),
    names: chain.map((names) => names.name),
    hidden,
  };
}
