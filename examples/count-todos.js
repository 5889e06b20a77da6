// Count TODO comments per source file of the example workspace.
const todos = []
for (const file of find_files("src/**/*")) {
  const lines = read_file(file).split("\n")
  const hits = lines.filter(line => line.includes("TODO")).length
  if (hits > 0) todos.push({ file, todos: hits })
}
sort_by(todos, "todos", true)
