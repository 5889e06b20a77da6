const rows = file_sizes("**/*", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const ordered = rows.slice().sort((a, b) => b.size - a.size || (a.file < b.file ? -1 : 1))
ordered.slice(0, 3).map(r => [r.file, r.size])
