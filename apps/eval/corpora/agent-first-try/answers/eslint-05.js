const rows = line_counts("lib/**/*.js", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
sum(rows.map(r => r.lines))
