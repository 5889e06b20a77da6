const files = find_files("lib/linter/code-path-analysis/*.js", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const result = {}
for (const f of files) {
  const found = read_file(f).match(/require\(["']\.[^"']*["']\)/g) ?? []
  result[f] = sorted(unique(found.map(s => s.slice(9, -2))))
}
result
