const files = find_files("lib/**/*", { include_ignored: true, text: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const result = {}
for (const f of files) {
  const n = read_file(f).split("\n").filter(l => l.includes("TODO")).length
  if (n > 0) {
    result[f] = n
  }
}
result
