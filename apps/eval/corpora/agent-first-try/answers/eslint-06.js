const files = find_files("lib/rules/*.js", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
let n = 0
for (const f of files) {
  if (read_file(f).includes("recommended: true")) {
    n += 1
  }
}
n
