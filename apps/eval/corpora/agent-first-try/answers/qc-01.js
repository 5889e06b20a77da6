const rows = line_counts("src/*.ts", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const result = {}
for (const r of rows) {
  result[r.file] = r.lines
}
result
