read_file("src/queryObserver.ts").split("\n").filter(l => l.includes("this.#")).length
