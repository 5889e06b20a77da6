const rows = file_sizes("lib/rules/*.js", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const top = rows.slice().sort((a, b) => b.size - a.size || (a.file < b.file ? -1 : 1)).slice(0, 3)
const content = top.map(r => `${r.file} ${r.size}\n`).join("")
write_file("LARGEST.md", content)
content
