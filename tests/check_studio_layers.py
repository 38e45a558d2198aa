#!/usr/bin/env python3
"""Fails when a file of the studio includes a header of a higher layer (docs/ARCHITECTURE.md).

    check_studio_layers.py SOURCE_DIR

The studio's sources live in app/studio/LAYER/, and includes name the folder
("state/studio.hpp"), app/studio being the include root. The layers, lowest first, are LAYERS
below: a file may include a header of its own layer or of a lower one, never of a higher one.
A file outside the layer folders, an include of a studio header without its folder, and a folder
with more than MAX_CPP .cpp files fail too.
"""
import pathlib
import sys

from layer_rules import higher_layer, quoted_includes, report

# state: the studio's model (no GL, GLFW or ImGui: the astar_studio_state library);
# files: settings, recovery, the command line and other files, also without GL;
# platform: what differs between the desktop and the browser (GL loader, GLSL dialect, loop);
# overlays: what is drawn over the grid; canvas: the grid, the viewport and its tools, images;
# panels: the sidebar's panels; dialogs: modal windows; ui: the command table, menus, layout, main.
LAYERS = ["state", "files", "platform", "overlays", "canvas", "panels", "dialogs", "ui"]
MAX_CPP = 25

def main():
    root = pathlib.Path(sys.argv[1])
    studio = root / "app/studio"
    rank = {name: i for i, name in enumerate(LAYERS)}
    problems, checked = [], 0
    files = sorted(p for p in studio.rglob("*") if p.suffix in (".cpp", ".hpp"))
    names = {p.name: p.relative_to(studio).as_posix() for p in files}
    for layer in LAYERS:
        n = len(list((studio / layer).glob("*.cpp")))
        if n > MAX_CPP:
            problems.append(f"app/studio/{layer}: {n} .cpp files, more than {MAX_CPP}")
    for path in files:
        rel = path.relative_to(studio)
        layer = rel.parts[0] if len(rel.parts) > 1 else None
        if layer not in rank:
            problems.append(f"app/studio/{rel.as_posix()}: not in a layer folder ({', '.join(LAYERS)})")
            continue
        for inc in quoted_includes(path):
            if inc.startswith("astar/"):
                continue  # core's
            target = inc.split("/")[0] if "/" in inc else None
            if target not in rank:
                if inc in names:
                    problems.append(f"app/studio/{rel.as_posix()} includes \"{inc}\" without its "
                                    f"folder (\"{names[inc]}\")")
                continue  # a header of another library
            checked += 1
            if not (studio / inc).exists():
                problems.append(f"app/studio/{rel.as_posix()} includes {inc}, which does not exist")
            elif problem := higher_layer(f"app/studio/{rel.as_posix()}", layer, inc, target, rank):
                problems.append(problem)
    return report("studio", "a file", "the studio's own headers", problems, files, checked, LAYERS)


if __name__ == "__main__":
    sys.exit(main())
