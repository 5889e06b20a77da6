const files = find_files("lib/rules/*.js", { include_ignored: true }).filter(p => p !== "lib/rules/index.js" && !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const counts = {}
for (const f of files) {
  const m = read_file(f).match(/type: "(problem|suggestion|layout)"/)
  if (m) {
    counts[m[1]] = (counts[m[1]] ?? 0) + 1
  }
}
counts
