"""The studio's page in a real browser (the web_studio test): Debian's Chromium, headless with
SwiftShader's WebGL 2, driven over the DevTools protocol (Debian's python3-websocket), against the
site served from 127.0.0.1 by a server this script starts and stops. It reads the page's #status
(the studio's status line, platform::publish_status) and checks:
  1. a lesson link with &run (lesson 17, D* Lite's robot) shows the walk's end as `astar walk`
     prints it: "Arrived at the goal in N moves";
  2. lesson 01 opened without running: iteration 0; Step (N, held as a person holds it) takes
     iteration 1; End runs to the end, and the cost is `astar run`'s to 9 significant digits;
  3. a browser without WebGL 2 (Chromium's --disable-3d-apis) gets the plain message.
Screenshots go into OUT. Prints the time from opening the page to the first frame.

usage: /usr/bin/python3 page_check.py SITE_DIR OUT_DIR ASTAR_CLI LESSONS_DIR
"""
import json, os, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, serve  # noqa: E402

site, out, cli, lessons = sys.argv[1:5]
os.makedirs(out, exist_ok=True)
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what, flush=True)
    if not ok:
        failures.append(what)


def cli_json(*args):
    return json.loads(subprocess.run([cli, *args, "--format", "json"], capture_output=True, text=True).stdout)


server = serve(site)
base = f"http://127.0.0.1:{server.server_address[1]}/index.html"
browser = Browser(out)
try:
    # 1. A lesson link, run at once: D* Lite's robot walks to the goal.
    walk = cli_json("walk", os.path.join(lessons, "17-robot-discovers-walls.json"))
    moves = len(walk["moves"]) - 1
    t0 = time.time()
    browser.call("Page.navigate", url=base + "?lesson=17-robot-discovers-walls&run")
    first = browser.wait_status(lambda t: "|" in t, 60)
    print(f"first frame: {time.time() - t0:.2f} s after opening the page", flush=True)
    text = browser.wait_status(lambda t: "Arrived" in t, 30)
    browser.screenshot("lesson17.png")
    check(f"Arrived at the goal in {moves} moves" in text, f"lesson 17 walks as astar walk does ({moves} moves): {text!r}")
    check(text.startswith("17-robot-discovers-walls.json  |  26 x 13  |  D* Lite"), f"#status names the level: {first!r}")

    # 2. Keys: a step, then the end; the cost as the CLI finds it.
    run = cli_json("run", os.path.join(lessons, "01-four-searches.json"))
    browser.call("Page.navigate", url=base + "?lesson=01-four-searches")
    text = browser.wait_status(lambda t: "iteration 0," in t, 60)
    check("iteration 0, in-progress" in text, f"lesson 01 opens at iteration 0: {text!r}")
    browser.key("n", "KeyN", 78)
    text = browser.wait_status(lambda t: "iteration 1," in t, 10)
    check("iteration 1," in text, f"N steps once: {text!r}")
    browser.key("End", "End", 35)
    text = browser.wait_status(lambda t: "found" in t, 10)
    browser.screenshot("lesson01.png")
    check(f"found, cost {float(run['cost']):.9g}" in text, f"End finds astar run's cost {run['cost']}: {text!r}")
finally:
    browser.close()

# 3. No WebGL 2: a message in plain words, in the page and in #status.
browser = Browser(out, "--disable-3d-apis")
try:
    browser.call("Page.navigate", url=base + "?lesson=01-four-searches")
    text = browser.wait_status(lambda t: "WebGL" in t, 20)
    browser.screenshot("no-webgl.png")
    check("needs WebGL 2" in text, f"without WebGL 2 the page says so: {text!r}")
finally:
    browser.close()
    server.shutdown()

sys.exit(1 if failures else 0)
