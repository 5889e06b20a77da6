const data = JSON.parse(read_file("conf/replacements.json"))
const result = {}
for (const [name, reps] of Object.entries(data.rules ?? {})) {
  if (Array.isArray(reps) && reps.length >= 2) {
    result[name] = reps
  }
}
result
