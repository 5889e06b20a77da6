const files = find_files("src/*.ts", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const result = {}
for (const f of files) {
  const names = []
  for (const line of read_file(f).split("\n")) {
    const m = line.match(/\bexport class ([A-Za-z_$][\w$]*)/)
    if (m) {
      names.push(m[1])
    }
  }
  if (names.length > 0) {
    result[f] = sorted(unique(names))
  }
}
result
