"""The browser's half of bench/web_vs_native.sh, and its tables: Debian's headless Chromium
(SwiftShader's WebGL 2, no GPU) over the DevTools protocol (tests/web/cdp.py), against a folder
served from 127.0.0.1 by this script. Run with Debian's /usr/bin/python3 (python3-websocket).

  web_page_bench.py movingai DIR [BENCH_ARGS...]
      opens DIR/bench_movingai_page.html (bench_movingai on the MovingAI files packed into its
      .data) with BENCH_ARGS as its query, and prints bench_movingai's rows
  web_page_bench.py movingai-table ROUNDS_DIR
      ROUNDS_DIR/{native,node,chromium}.N.tsv (bench_movingai's rows, one file per target and
      round): one Markdown row per map and the total, each target's fastest round; exits 1 when
      a map's expansions or path costs (their digest, bit for bit) differ between targets
  web_page_bench.py first-frame SITE RUNS
      SITE/index.html with no query (the welcome level), RUNS times, each in a new browser (empty
      cache) and then reloaded (cached): the time from navigation start to the studio's first
      status line, which it publishes at the end of its first frame
  web_page_bench.py frames SITE LEVEL FRAMES
      SITE/index.html on LEVEL while a search plays, the page's animation frames timed by the page
      itself: the studio's own frame benchmark (--bench-frames FRAMES --bench-play IPS, as
      bench/studio_frames.sh runs it on the desktop), and as a person plays (Space)
"""
import glob, os, re, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "web"))
from cdp import Browser, serve  # noqa: E402

# Added to the page before its own scripts (Page.addScriptToEvaluateOnNewDocument): the time of
# every animation frame that ran a callback (the studio's main loop runs in them), the console's
# lines (the studio's stdout), and when #status first held a status line ("name  |  size  | ...").
PROBE = r"""
(() => {
  const bench = window.__bench = {frames: [], log: [], firstStatus: null};
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => raf((t) => {
    if (bench.frames[bench.frames.length - 1] !== t) bench.frames.push(t);
    callback(t);
  });
  const log = console.log.bind(console);
  console.log = (...args) => { bench.log.push(args.join(' ')); log(...args); };
  document.addEventListener('DOMContentLoaded', () => {
    const status = document.getElementById('status');
    new MutationObserver(() => {
      if (bench.firstStatus === null && status.textContent.includes('|')) bench.firstStatus = performance.now();
    }).observe(status, {childList: true, characterData: true, subtree: true});
  });
})();
"""

def wait_for(browser, expression, seconds):
    deadline = time.time() + seconds
    while True:
        value = browser.evaluate(expression)
        if value or time.time() > deadline:
            return value
        time.sleep(0.05)


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def movingai(folder, bench_args):
    query = "&".join(f"{k.lstrip('-')}={v}" for k, v in zip(bench_args[::2], bench_args[1::2]))
    server = serve(folder)
    browser = Browser(tempfile.mkdtemp(prefix="web-bench-"))
    browser.ws.settimeout(None)  # the run blocks the page for minutes; Runtime.evaluate waits
    try:
        browser.call("Page.navigate",
                     url=f"http://127.0.0.1:{server.server_address[1]}/bench_movingai_page.html?{query}")
        if not wait_for(browser, "typeof window.benchDone === 'object'", 60):
            sys.exit("web_page_bench: the bench page did not load")
        done = browser.evaluate("window.benchDone")
    finally:
        browser.close()
        server.shutdown()
    print("\n".join(done["lines"]))
    sys.exit(0 if done["ok"] else 1)


TARGETS = ("native", "node", "chromium")


def movingai_table(folder):
    runs = {t: {} for t in TARGETS}  # target -> map -> [rows, one per round]
    for target in TARGETS:
        for path in sorted(glob.glob(os.path.join(folder, f"{target}.*.tsv"))):
            with open(path) as f:
                for line in f.read().splitlines()[1:]:
                    name, queries, expanded, _, ms_per_query, _, digest = line.split("\t")
                    runs[target].setdefault(name.removesuffix(".map.scen"), []).append(
                        {"queries": int(queries), "expanded": int(expanded), "digest": digest,
                         "s": float(ms_per_query) * int(queries) / 1000})
    maps = sorted(runs["native"])
    print("| map | queries | native s | node s | node ratio | Chromium s | Chromium ratio | expansions | costs equal |")
    print("|---|---|---|---|---|---|---|---|---|")
    total = {t: 0.0 for t in TARGETS}
    queries = 0
    all_equal = True
    for m in maps:
        rows = [r for t in TARGETS for r in runs[t].get(m, [])]
        best = {t: min((r["s"] for r in runs[t].get(m, [])), default=float("nan")) for t in TARGETS}
        equal = (all(m in runs[t] for t in TARGETS)
                 and len({(r["expanded"], r["digest"], r["queries"]) for r in rows}) == 1)
        all_equal &= equal
        for t in TARGETS:
            total[t] += best[t]
        queries += rows[0]["queries"]
        print(f"| {m} | {rows[0]['queries']:,} | {best['native']:.3f} | {best['node']:.3f} | "
              f"{best['node'] / best['native']:.2f} | {best['chromium']:.3f} | "
              f"{best['chromium'] / best['native']:.2f} | {rows[0]['expanded']:,} | "
              f"{'yes' if equal else 'NO'} |")
    print(f"| **total** | {queries:,} | {total['native']:.3f} | {total['node']:.3f} | "
          f"**{total['node'] / total['native']:.2f}** | {total['chromium']:.3f} | "
          f"**{total['chromium'] / total['native']:.2f}** | | {'yes' if all_equal else 'NO'} |")
    sys.exit(0 if all_equal else 1)


def first_frame(site, runs):
    server = serve(site)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    cold, warm = [], []
    try:
        for _ in range(runs):
            browser = Browser(tempfile.mkdtemp(prefix="web-bench-"))
            try:
                browser.call("Page.addScriptToEvaluateOnNewDocument", source=PROBE)
                for times in (cold, warm):
                    browser.call("Page.navigate", url=url)
                    ms = wait_for(browser, "window.__bench && window.__bench.firstStatus", 60)
                    if not ms:
                        sys.exit(f"web_page_bench: no status line within 60 s: {browser.status()!r}")
                    times.append(ms / 1000)
            finally:
                browser.close()
    finally:
        server.shutdown()
    for name, times in (("first visit (empty cache)", cold), ("reload (cached)", warm)):
        print(f"first frame, {name}: median {sorted(times)[len(times) // 2]:.2f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in times)})")


# The cases of bench/studio_frames.sh that play a search, as the page's query (the studio's
# options): the studio times its frames itself (after 20 warm-up frames, each from the start of a
# loop turn to glFinish) and exits.
OVERLAYS = [("overlay", f"{o}=on") for o in
            ("open", "closed", "current", "examined", "arrows", "order", "path", "heuristic")] + [("heat", "f")]
CASES = [("playing 20 it/s", [("bench-play", "20")]),
         ("playing 2,000 it/s", [("bench-play", "2000")]),
         ("playing 2,000 it/s, overlays on", [("bench-play", "2000")] + OVERLAYS)]


def frame_gaps(times):
    """The page's animation frames per second over `times` (ms), and the gaps' median, p95, max."""
    gaps = sorted(b - a for a, b in zip(times, times[1:]))
    return (1000 * len(gaps) / (times[-1] - times[0]),
            f"{gaps[len(gaps) // 2]:.1f} / {gaps[int(0.95 * (len(gaps) - 1))]:.1f} / {gaps[-1]:.1f} ms")


def bench_case(browser, url, count):
    """One of CASES: the page's frames over the frames the studio timed, and its report."""
    browser.call("Page.navigate", url=url)
    report = wait_for(browser, "window.__bench && window.__bench.log.find((l) => l.startsWith('frames '))", 600)
    if not report:
        sys.exit(f"web_page_bench: no report within 600 s from {url}: {browser.status()!r}")
    fps, gaps = frame_gaps(browser.evaluate("window.__bench.frames")[-count - 1:])
    m = re.search(r"median ([\d.]+) ms\s+p95 ([\d.]+) ms\s+max ([\d.]+) ms\s+level \S+\s+iteration (\d+)", report)
    return fps, gaps, f"{m[1]} / {m[2]} / {m[3]} ms", f"{int(m[4]):,} at the end"


def person_case(browser, url, seconds):
    """As a person plays: Space, then the page's frames and the iterations over `seconds`."""
    browser.call("Page.navigate", url=url)
    browser.wait_status(lambda t: "|" in t, 60)
    time.sleep(1)
    browser.key(" ", "Space", 32)
    time.sleep(1)
    first, before = len(browser.evaluate("window.__bench.frames")), browser.status()
    time.sleep(seconds)
    times, after = browser.evaluate("window.__bench.frames"), browser.status()
    fps, gaps = frame_gaps(times[first - 1:])
    iterations = [int(re.search(r"iteration (\d+)", t)[1]) for t in (before, after)]
    return fps, gaps, "(not timed)", f"{iterations[0]:,} → {iterations[1]:,}"


def frames(site, level, count):
    # The site's files and the level, served from one folder of links: ?level= is same-origin.
    folder = tempfile.mkdtemp(prefix="web-bench-site-")
    for name in os.listdir(site):
        os.symlink(os.path.join(os.path.abspath(site), name), os.path.join(folder, name))
    os.symlink(os.path.abspath(level), os.path.join(folder, os.path.basename(level)))
    server = serve(folder)
    base = f"http://127.0.0.1:{server.server_address[1]}/index.html?level={os.path.basename(level)}"
    print("| case | animation frames per second | frame interval median / p95 / max | studio's frame time median / p95 / max | iterations | load |")
    print("|---|---|---|---|---|---|")
    runs = [(name, lambda b, q=options: bench_case(
        b, base + "".join(f"&{k}={v}" for k, v in [("bench-frames", str(count))] + q), count))
        for name, options in CASES]
    runs.append(("Space pressed (the default 20 it/s), 10 s, no glFinish", lambda b: person_case(b, base, 10)))
    try:
        for name, run in runs:
            browser = Browser(tempfile.mkdtemp(prefix="web-bench-"))
            try:
                browser.call("Page.addScriptToEvaluateOnNewDocument", source=PROBE)
                fps, gaps, studio_ms, iterations = run(browser)
            finally:
                browser.close()
            print(f"| {name} | {fps:.1f} | {gaps} | {studio_ms} | {iterations} | {load()} |", flush=True)
    finally:
        server.shutdown()


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "movingai":
        movingai(args[0], args[1:])
    elif command == "movingai-table":
        movingai_table(args[0])
    elif command == "first-frame":
        first_frame(args[0], int(args[1]))
    elif command == "frames":
        frames(args[0], args[1], int(args[2]))
    else:
        sys.exit(__doc__)
