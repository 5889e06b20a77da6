const files = find_files("build/modern/**/*", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const counts = {}
for (const p of files) {
  const name = p.split("/").pop()
  const i = name.indexOf(".")
  const suffix = i === -1 ? "" : name.slice(i)
  counts[suffix] = (counts[suffix] ?? 0) + 1
}
counts
