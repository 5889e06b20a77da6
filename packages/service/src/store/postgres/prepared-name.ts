/**
 * The name a statement is prepared under on each connection (decision 174): a digest of its
 * text, so one text has one name and two texts never share one (`pg` refuses a name prepared
 * with another text). Statements are the store's own constant texts; past `MAX_NAMED` distinct
 * texts (a statement built from data would be one) the rest run unnamed, so no connection
 * prepares without bound.
 */
import { createHash } from "node:crypto";

const MAX_NAMED = 256;
const names = new Map<string, string>();

/** The prepared statement name for `sql`, or undefined once `MAX_NAMED` texts have one. */
export function preparedName(sql: string): string | undefined {
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `lackpy_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}
