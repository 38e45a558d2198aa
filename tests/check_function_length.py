#!/usr/bin/env python3
"""Fails when a function in the given folders is longer than the limit (issue 13: none over 120
lines in core/ or app/, tables and help text excepted).

Usage: check_function_length.py LIMIT DIR...

A function is a definition that starts at column 0 (our style indents nothing inside a
namespace) and ends at the next line that is a lone "}" at column 0; its length counts both
lines, comments and blank lines included. A function that is a table or help text says so with
the comment `// function-length: table` (or `: help text`) on one of the three lines above it.
"""
import os
import re
import sys

SKIP_START = re.compile(r'^(#|//|/\*|\*|}|namespace\b|class\b|struct\b|enum\b|union\b|template\b|'
                        r'using\b|extern\b|typedef\b|static_assert\b)')
EXEMPT = re.compile(r'//\s*function-length:\s*(table|help text)')


def functions(lines):
    """Yields (first line index, last line index, signature) of each function definition."""
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line or line[0].isspace() or SKIP_START.match(line) or '(' not in line:
            i += 1
            continue
        # The signature runs until a line ending in "{" (a definition) or ";" (a declaration).
        j = i
        while j < len(lines) and not lines[j].rstrip().endswith(('{', ';')):
            j += 1
        if j >= len(lines) or lines[j].rstrip().endswith(';') or '=' in line.split('(')[0]:
            i = j + 1
            continue
        end = j if lines[j].rstrip().endswith('}') else j + 1
        while end < len(lines) and lines[end].rstrip() not in ('}', '};') and not (j == end):
            end += 1
        yield i, end, line.strip()
        i = end + 1


def main():
    limit = int(sys.argv[1])
    roots = sys.argv[2:]
    too_long, count = [], 0
    for root in roots:
        for folder, _, names in sorted(os.walk(root)):
            for name in sorted(names):
                if not name.endswith(('.cpp', '.hpp', '.h')):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding='utf-8', errors='replace') as f:
                    lines = f.read().split('\n')
                for first, last, signature in functions(lines):
                    count += 1
                    length = last - first + 1
                    above = '\n'.join(lines[max(0, first - 3):first])
                    if length > limit and not EXEMPT.search(above):
                        too_long.append(f'  {path}:{first + 1}: {length} lines: {signature[:80]}')
    if count == 0:
        print('function_length: no functions found under ' + ', '.join(roots))
        return 1
    if too_long:
        print(f'function_length: {len(too_long)} of {count} functions are over {limit} lines '
              '(split them into named steps):')
        print('\n'.join(too_long))
        return 1
    print(f'function_length: {count} functions, none over {limit} lines')
    return 0


if __name__ == '__main__':
    sys.exit(main())
