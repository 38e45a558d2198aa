"""What the two layer checks share: tests/check_layers.py (core) and tests/check_studio_layers.py
(the studio). A file may include a header of its own layer or of a lower one, never of a higher one.

    from layer_rules import quoted_includes, higher_layer, report
    for inc in quoted_includes(path): ... problems.append(higher_layer(where, layer, inc, target, rank))
    return report("core", "a header", "core's own headers", problems, files, checked, LAYERS)
"""
import re

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def quoted_includes(path):
    """The headers a file includes with quotes ("astar/search.hpp", "state/studio.hpp")."""
    return INCLUDE.findall(path.read_text(encoding="utf-8"))


def higher_layer(where, layer, inc, target, rank):
    """The problem when `where`, of `layer`, includes `inc`, of `target`, a higher layer; else None."""
    if rank[target] > rank[layer]:
        return f"{where} ({layer}) includes {inc} ({target}), a higher layer"
    return None


def report(name, unplaced, own, problems, files, checked, layers):
    """Prints the problems (exit status 1) or what was checked (0)."""
    if problems:
        print(f"{name} layers: a lower layer includes a higher one, or {unplaced} has no layer:")
        for p in problems:
            print("  " + p)
        return 1
    print(f"{name} layers: {len(files)} files, {checked} includes of {own}, "
          f"each of the same or a lower layer ({' < '.join(layers)})")
    return 0
