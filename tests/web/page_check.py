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
import base64, functools, http.server, json, os, socket, subprocess, sys, tempfile, threading, time
import urllib.request

import websocket

site, out, cli, lessons = sys.argv[1:5]
os.makedirs(out, exist_ok=True)
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what, flush=True)
    if not ok:
        failures.append(what)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    handler = functools.partial(Quiet, directory=directory)
    handler.extensions_map = {**Quiet.extensions_map, ".wasm": "application/wasm"}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Browser:
    """One headless Chromium with one page, spoken to over the DevTools protocol."""

    def __init__(self, *flags):
        self.port = free_port()
        self.profile = tempfile.mkdtemp(prefix="astar-chromium-")
        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
             "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-quic", "--window-size=1280,800", f"--user-data-dir={self.profile}",
             f"--remote-debugging-port={self.port}", *flags, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json", timeout=5) as r:
                    tabs = json.load(r)
                break
            except Exception:
                if time.time() > deadline:
                    raise RuntimeError("Chromium did not answer on its DevTools port within 20 s")
                time.sleep(0.2)
        page = [t for t in tabs if t["type"] == "page"][0]
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30)
        self.next_id = 0
        self.call("Page.enable")

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                return message.get("result", {})

    def status(self):
        r = self.call("Runtime.evaluate", expression="(document.getElementById('status') || {}).textContent || ''")
        return r.get("result", {}).get("value", "")

    def wait_status(self, predicate, seconds):
        deadline = time.time() + seconds
        while True:
            text = self.status()
            if predicate(text) or time.time() > deadline:
                return text
            time.sleep(0.1)

    def key(self, key, code, vk):
        # Held for 0.2 s, as a person holds it: ImGui 1.86 drops a key pressed and released
        # within one frame.
        self.call("Input.dispatchKeyEvent", type="keyDown", key=key, code=code, windowsVirtualKeyCode=vk)
        time.sleep(0.2)
        self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code, windowsVirtualKeyCode=vk)
        time.sleep(0.3)

    def screenshot(self, name):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(os.path.join(out, name), "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def cli_json(*args):
    return json.loads(subprocess.run([cli, *args, "--format", "json"], capture_output=True, text=True).stdout)


server = serve(site)
base = f"http://127.0.0.1:{server.server_address[1]}/index.html"
browser = Browser()
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
browser = Browser("--disable-3d-apis")
try:
    browser.call("Page.navigate", url=base + "?lesson=01-four-searches")
    text = browser.wait_status(lambda t: "WebGL" in t, 20)
    browser.screenshot("no-webgl.png")
    check("needs WebGL 2" in text, f"without WebGL 2 the page says so: {text!r}")
finally:
    browser.close()
    server.shutdown()

sys.exit(1 if failures else 0)
