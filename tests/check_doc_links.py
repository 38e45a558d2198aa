#!/usr/bin/env python3
"""check_doc_links.py SOURCE_DIR

Checks the project's documentation, README.md and docs/*.md:
  - every relative link ([text](path), ![alt](path), path#anchor, #anchor) names a file or folder
    that exists, and its #anchor a heading of that Markdown file, spelled as GitHub spells
    heading anchors (lowercase, spaces to '-', other punctuation dropped, a repeated heading
    getting -1, -2, ...);
  - README.md is at most 300 lines (a newcomer reads it in ten minutes; the rest is in docs/).
Links to other sites (http:, https:, mailto:) are not followed. Code blocks and `code` spans are
not read for links. Prints one line per broken link, FILE:LINE: LINK: why, and exits 1 if any.
"""
import os
import re
import sys

README_MAX_LINES = 300
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^()\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with `code` spans blanked."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if marker:
            if fence is None:
                fence = marker.group(1)[0] * len(marker.group(1))
                continue
            if stripped.startswith(fence):
                fence = None
                continue
        if fence is not None:
            continue
        yield number, re.sub(r"(`+)(?:(?!\1).)+?\1", lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """The anchor GitHub gives a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        with open(path, encoding="utf-8") as f:
            text = f.read()
        fence = None
        for line in text.split("\n"):
            marker = re.match(r"\s*(`{3,}|~{3,})", line)
            if marker:
                fence = None if fence else marker.group(1)
                continue
            if fence:
                continue
            m = HEADING.match(line)
            if not m:
                continue
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        cache[path] = found
    return cache[path]


def check_file(root, path, problems):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    rel = os.path.relpath(path, root)
    links = 0
    for number, line in prose_lines(text):
        for m in LINK.finditer(line):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto:
                continue
            links += 1
            file_part, _, anchor = target.partition("#")
            where = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.realpath(where).startswith(os.path.realpath(root)):
                problems.append(f"{rel}:{number}: {target}: outside the source tree")
                continue
            if not os.path.exists(where):
                problems.append(f"{rel}:{number}: {target}: no such file")
                continue
            if anchor:
                if not where.endswith(".md") or os.path.isdir(where):
                    problems.append(f"{rel}:{number}: {target}: an anchor in a file that is not Markdown")
                elif anchor not in anchors(where):
                    problems.append(f"{rel}:{number}: {target}: {os.path.relpath(where, root)} "
                                    f"has no heading #{anchor}")
    return links


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().split("\n")[0], file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    docs = os.path.join(root, "docs")
    files = [os.path.join(root, "README.md")]
    if os.path.isdir(docs):
        files += sorted(os.path.join(docs, n) for n in os.listdir(docs) if n.endswith(".md"))
    problems = []
    links = sum(check_file(root, f, problems) for f in files)
    with open(files[0], encoding="utf-8") as f:
        lines = f.read().rstrip("\n").count("\n") + 1
    if lines > README_MAX_LINES:
        problems.append(f"README.md: {lines} lines, more than {README_MAX_LINES}: move the detail "
                        "to a page in docs/ and link to it")
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem(s) in {len(files)} files")
        return 1
    print(f"ok: {links} relative links in {len(files)} files resolve; README.md is {lines} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
