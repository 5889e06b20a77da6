/**
 * The glob matcher lackpy used before `compileGlob`, kept only as a reference for its tests: it
 * compiles a glob to a backtracking RegExp (exponential on patterns such as `{*,*}{*,*}…Z`, so
 * the tests only give it small patterns). Compiles a glob to a RegExp over `/`-separated relative paths: `*` and `?` match within one
 * segment, `**` matches across segments (`a/**` + `/b` also matches `a/b`), `{a,b}` alternates
 * (nesting allowed); every other character is literal.
 */
export function referenceGlob(pattern: string): RegExp {
  return new RegExp(`^${globSource(pattern)}$`, "s");
}

function globSource(pattern: string): string {
  let source = "";
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "*" && pattern[index + 1] === "*") {
      const slashAfter = pattern[index + 2] === "/";
      source += slashAfter ? "(?:.*/)?" : ".*";
      index += slashAfter ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else if (char === "{" && closingBrace(pattern, index) > 0) {
      const end = closingBrace(pattern, index);
      source += `(?:${splitAlternatives(pattern.slice(index + 1, end))
        .map(globSource)
        .join("|")})`;
      index = end;
    } else source += char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return source;
}

function closingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let index = open; index < pattern.length; index++) {
    if (pattern[index] === "{") depth++;
    else if (pattern[index] === "}" && --depth === 0) return index;
  }
  return -1;
}

function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < body.length; index++) {
    if (body[index] === "{") depth++;
    else if (body[index] === "}") depth--;
    else if (body[index] === "," && depth === 0) {
      parts.push(body.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}
