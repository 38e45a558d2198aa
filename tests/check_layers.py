#!/usr/bin/env python3
"""Fails when a file of core includes a header of a higher layer (docs/ARCHITECTURE.md, "Layers").

    check_layers.py SOURCE_DIR

Core's sources live in core/src/LAYER/, its public headers flat in core/include/astar/ (the
engine's internals in core/include/astar/detail/). The layers, lowest first, are LAYERS below: a
file may include a header of its own layer or of a lower one, never of a higher one.

A public header belongs to the layer of the .cpp of the same name; a header with no such .cpp is
named in HEADER_LAYERS. A header that is in neither fails the check, so a new header is placed
on purpose. Private headers (core/src/LAYER/x.hpp) belong to their folder.
"""
import pathlib
import sys

from layer_rules import higher_layer, quoted_includes, report

LAYERS = ["base", "level", "search", "replanning", "trace", "trace/import", "analysis", "formats",
          "exercise"]

# Public headers with no .cpp of their own name, and the layer they belong to.
HEADER_LAYERS = {
    "result.hpp": "base",
    "exact_cost.hpp": "base",
    "enum_names.hpp": "base",
    "hex_coords.hpp": "base",
    "algorithms.hpp": "search",
    "search_names.hpp": "search",
    "radix_queue.hpp": "search",
    "chunked_vector.hpp": "search",
    "huge_pages.hpp": "search",
    "best_first.hpp": "search",
    "imported_trace.hpp": "trace/import",
    "space_time_gate.hpp": "analysis",
    "exercise.hpp": "exercise",
}

def layer_of_source(src_root, path):
    """The layer of a file under core/src: the folder it sits in."""
    rel = path.parent.relative_to(src_root).as_posix()
    if rel not in LAYERS:
        raise SystemExit(f"core layers: {path} is in '{rel}', which is not a layer "
                         f"({', '.join(LAYERS)})")
    return rel


def header_layers(src_root, include_root):
    """Maps each include path ("astar/search.hpp", "base/text_file.hpp") to its layer."""
    cpp_layer = {p.stem: layer_of_source(src_root, p) for p in src_root.rglob("*.cpp")}
    layers, unplaced = {}, []
    for h in sorted(include_root.rglob("*.hpp")):
        rel = h.relative_to(include_root.parent).as_posix()
        layer = HEADER_LAYERS.get(h.name) or cpp_layer.get(h.stem)
        if layer is None:
            unplaced.append(rel)
        layers[rel] = layer
    for h in src_root.rglob("*.hpp"):
        layers[h.relative_to(src_root).as_posix()] = layer_of_source(src_root, h)
    return layers, unplaced


def main():
    root = pathlib.Path(sys.argv[1])
    src_root = root / "core/src"
    include_root = root / "core/include/astar"
    layers, unplaced = header_layers(src_root, include_root)
    problems = [f"{h}: no layer (add it to HEADER_LAYERS in {sys.argv[0]}, or give it a .cpp)"
                for h in unplaced]
    rank = {name: i for i, name in enumerate(LAYERS)}
    files = [(p, layer_of_source(src_root, p)) for p in sorted(src_root.rglob("*.[ch]pp"))]
    files += [(p, layers[p.relative_to(include_root.parent).as_posix()])
              for p in sorted(include_root.rglob("*.hpp"))]
    checked = 0
    for path, layer in files:
        if layer is None:
            continue
        for inc in quoted_includes(path):
            target = layers.get(inc)
            if target is None:
                continue  # a header of another library
            checked += 1
            if problem := higher_layer(path.relative_to(root), layer, inc, target, rank):
                problems.append(problem)
    return report("core", "a header", "core's own headers", problems, files, checked, LAYERS)


if __name__ == "__main__":
    sys.exit(main())
