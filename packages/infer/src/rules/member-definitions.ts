/**
 * "where's res.sendFile defined", "where is app.listen defined": a member asked for with the
 * object people reach it by. The object's name is a convention (`res`, `app`, `ctx`) that no
 * parser can check, so the rows of the member's name are narrowed by what the workspace shows,
 * in order: lines that write it on the object's prototype (`Pipeline.prototype.exec = …`);
 * members in a file that defines the object as a class or function (`class Redis`); lines that
 * write it on the object (`res.sendFile = …`); members in a file named after the object
 * (`app` → `application.js`); else the one file that defines the name at all. Several files and no such sign is no answer.
 */
import { quoted } from "./reading-text.js";
import { textOf } from "./rule-slots.js";
import type { Token } from "./read-request.js";
import type { RuleSlots } from "./rule-types.js";

/** `owner.name` or `owner.prototype.name`, where the last part is no file's extension. */
const MEMBER = /^([A-Za-z_$][\w$]*)\.(?:prototype\.)?([A-Za-z_$][\w$]*)$/;
const FILE_NAME = /\.(?:[cm]?[jt]sx?|json|md|ya?ml|txt|html|css|map|lock)$/i;

/** The object and member a request names ("res.sendFile"), or null for any other name. */
export function memberOf(slots: RuleSlots): { owner: string; name: string } | null {
  const text = textOf(slots.name)?.replace(/\(\)?$/, "") ?? "";
  const found = MEMBER.exec(text);
  if (!found || FILE_NAME.test(text)) return null;
  return { owner: found[1]!, name: found[2]! };
}

/** The params the member steps read: the object's name, and its name as a class's (`Redis` for `redis`). */
export function memberParams(member: { owner: string }): Record<string, string> {
  const { owner } = member;
  return { owner, ownerClass: owner[0]!.toUpperCase() + owner.slice(1) };
}

/**
 * The program lines that narrow `found` (the definitions of the member's name, builds and
 * copies already left out) to the member of `owner` (a param), ending in `defined` (null when
 * no sign tells which file's member it is).
 */
export const MEMBER_STEPS: readonly string[] = [
  // A local copy (`const exec = pipeline.exec`), a variable or a function's own helper is not where a member is defined.
  'const members = found.filter(hit => !["alias", "variable"].includes(hit.kind) && !hit.local)',
  "const pool = len(members) > 0 ? members : found",
  'const onProto = pool.filter(hit => hit.text.includes(owner + ".prototype." + name) || hit.text.includes(ownerClass + ".prototype." + name))',
  // `redis.connect`: a member of the class `Redis` too.
  'const ownerFiles = len(onProto) > 0 ? [] : [...definitions_of(owner), ...(ownerClass === owner ? [] : definitions_of(ownerClass))].filter(hit => ["class", "function"].includes(hit.kind)).map(hit => hit.file)',
  "const inOwner = len(onProto) > 0 ? onProto : pool.filter(hit => ownerFiles.includes(hit.file))",
  'const written = len(inOwner) > 0 ? inOwner : pool.filter(hit => hit.text.includes(owner + "." + name))',
  // `app` → lib/application.js, `cluster` → built/cluster/index.js.
  'const byFile = len(written) > 0 ? written : pool.filter(hit => hit.file.toLowerCase().split("/").slice(-2).some(part => part.startsWith(owner.toLowerCase())))',
  "const defined = len(byFile) > 0 ? byFile : len(unique(pool.map(hit => hit.file))) === 1 ? pool : null",
];

/** How the member was read, for the rule's reading. */
export function memberReading(member: { owner: string; name: string }): string {
  const { owner, name } = member;
  const proto = `${owner}.prototype.${name}`;
  return `${quoted(name)} as a member of ${quoted(owner)} (local copies, variables and a function's own helpers only when nothing else defines it): the lines that write ${proto}, else its definitions in a file that defines a class or function ${quoted(owner)} (or the same name capitalised), else the lines that write ${owner}.${name}, else its definitions in a file or folder whose name starts with ${quoted(owner)}, else the one file that defines ${quoted(name)} (several files and no such sign is no answer)`;
}

const IDENTIFIER_CALL = /^[A-Za-z_$][\w$]*(?:\(\)?)?$/;

/**
 * "the inc method of the SemVer class", "the close() method of FSWatcher": a member named with
 * its owner after "of" (dropped by the reader), read as `SemVer.inc` with its kind, as
 * "SemVer.inc" is. Other tokens are kept as they are.
 */
export function memberPhrases(tokens: readonly Token[]): Token[] {
  const read = [...tokens];
  for (let at = 0; at + 2 < read.length; at += 1) {
    const [name, kind, owner, ownerKind] = read.slice(at, at + 4);
    if (
      !["W", "C"].includes(name!.form) ||
      kind!.form !== "codekind" ||
      // "the compare function of semver" may be the package's function, not a member.
      !/^(?:method|property|getter|setter)$/i.test(kind!.raw) ||
      !["W", "C"].includes(owner!.form) ||
      !IDENTIFIER_CALL.test(name!.raw) ||
      !/^[A-Za-z_$][\w$]*$/.test(owner!.raw)
    )
      continue;
    const joined: Token = { form: "C", raw: `${owner!.raw}.${name!.raw.replace(/\(\)?$/, "")}` };
    const classWord = ownerKind?.form === "codekind" && /^class$/i.test(ownerKind.raw) ? 1 : 0;
    read.splice(at, 3 + classWord, joined, kind!);
  }
  return read;
}
