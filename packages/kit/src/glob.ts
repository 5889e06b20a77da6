/** Compiles a glob to a RegExp over `/`-separated relative paths: `*` and `?` stay in one segment, `**` crosses segments, `{a,b}` alternates. */
export function globToRegExp(pattern: string): RegExp {
  let source = "";
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "*") {
      if (pattern[index + 1] === "*") {
        const slashAfter = pattern[index + 2] === "/";
        source += slashAfter ? "(?:.*/)?" : ".*";
        index += slashAfter ? 2 : 1;
      } else {
        source += "[^/]*";
      }
    } else if (char === "?") {
      source += "[^/]";
    } else if (char === "{") {
      const end = pattern.indexOf("}", index);
      if (end < 0) {
        source += "\\{";
        continue;
      }
      const options = pattern
        .slice(index + 1, end)
        .split(",")
        .map((option) => globToRegExp(option).source.slice(1, -1));
      source += `(?:${options.join("|")})`;
      index = end;
    } else {
      source += char.replace(/[.+^$()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}$`);
}
