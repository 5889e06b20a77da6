const files = find_files("lib/rules/*.js", { include_ignored: true }).filter(p => p !== "lib/rules/index.js" && !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const names = []
for (const f of files) {
  if (read_file(f).includes("deprecated: true")) {
    names.push(f.slice("lib/rules/".length, -3))
  }
}
sorted(names)
