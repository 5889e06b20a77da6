const rows = file_sizes("build/**/*.map", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
sum(rows.map(r => r.size))
