const rows = line_counts("lib/source-code/token-store/**/*.js", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const answer = { files: rows.length, lines: sum(rows.map(r => r.lines)) }
answer
