const rows = line_counts("src/*.ts", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const ordered = rows.slice().sort((a, b) => b.lines - a.lines || (a.file < b.file ? -1 : 1))
ordered.slice(0, 5).map(r => [r.file, r.lines])
