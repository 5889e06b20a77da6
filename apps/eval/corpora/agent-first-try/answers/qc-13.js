const names = []
for (const line of read_file("src/utils.ts").split("\n")) {
  const m = line.match(/\bexport function\s+([A-Za-z_$][\w$]*)/)
  if (m) {
    names.push(m[1])
  }
}
sorted(unique(names))
