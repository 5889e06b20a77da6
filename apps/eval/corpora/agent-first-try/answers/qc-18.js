const rows = file_sizes("src/*", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const top = rows.slice().sort((a, b) => b.size - a.size || (a.file < b.file ? -1 : 1)).slice(0, 3)
const content = top.map(r => r.file + "\n").join("")
write_file("NOTES.md", content)
content
