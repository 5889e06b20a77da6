// which files mention TODO
unique(search_files("TODO").map(hit => hit.file))
