"""Headless Chromium over the DevTools protocol, and a static server on 127.0.0.1, for the web
tests and benchmarks (tests/web/page_check.py, bench/): Debian's chromium with SwiftShader's
WebGL 2, spoken to with Debian's python3-websocket.

    server = serve(site_dir)               # ThreadingHTTPServer; server.shutdown() stops it
    browser = Browser(screenshot_dir)      # one page; extra Chromium flags after the folder
    browser.call("Page.navigate", url=f"http://127.0.0.1:{server.server_address[1]}/index.html")
    text = browser.wait_status(lambda t: "found" in t, 30)   # the page's #status
    browser.close()
"""
import base64, copy, functools, http.server, json, os, socket, subprocess, tempfile, threading, time
import urllib.request

import websocket


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

    def __init__(self, out_dir, *flags):
        self.out = out_dir
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
        self.events = []
        self.call("Page.enable")

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_event(self, method, seconds):
        """The first event `method` (kept since the last wait, or arriving within `seconds`).
        Events arrive while call() waits for its answer, so this asks for nothing much until
        one comes: a timeout on the socket itself could stop in the middle of a message."""
        deadline = time.time() + seconds
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == method:
                    return self.events.pop(i)["params"]
            if time.time() > deadline:
                return None
            self.call("Runtime.evaluate", expression="0")
            time.sleep(0.1)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (promises awaited)."""
        r = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        return r.get("result", {}).get("value")

    def click(self, x, y, button="left"):
        """A mouse click at CSS pixel (x, y), held 0.2 s (ImGui 1.86 sees both in frames of their own)."""
        self.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        time.sleep(0.2)
        self.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button=button, clickCount=1)
        time.sleep(0.2)
        self.call("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y, button=button, clickCount=1)
        time.sleep(0.3)

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

    def key(self, key, code, vk, modifiers=0):
        # Held for 0.2 s, as a person holds it: ImGui 1.86 drops a key pressed and released
        # within one frame. modifiers: 2 Ctrl, 8 Shift (held around the key).
        held = [(2, "Control", "ControlLeft", 17), (8, "Shift", "ShiftLeft", 16)]
        for bit, k, c, v in held:
            if modifiers & bit:
                self.call("Input.dispatchKeyEvent", type="rawKeyDown", key=k, code=c, windowsVirtualKeyCode=v,
                          modifiers=modifiers)
        self.call("Input.dispatchKeyEvent", type="rawKeyDown", key=key, code=code, windowsVirtualKeyCode=vk,
                  modifiers=modifiers)
        time.sleep(0.2)
        self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code, windowsVirtualKeyCode=vk,
                  modifiers=modifiers)
        for bit, k, c, v in reversed(held):
            if modifiers & bit:
                self.call("Input.dispatchKeyEvent", type="keyUp", key=k, code=c, windowsVirtualKeyCode=v)
        time.sleep(0.3)

    def screenshot(self, name):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(os.path.join(self.out, name), "wb") as f:
            f.write(base64.b64decode(data))

    def open_tab(self, url):
        """A second page in the same browser (its own DevTools connection), opened on `url`:
        call, status, key, screenshot as on this one; close_tab() closes it."""
        target = self.call("Target.createTarget", url=url)["targetId"]
        tab = copy.copy(self)
        tab.target = target
        tab.ws = websocket.create_connection(f"ws://127.0.0.1:{self.port}/devtools/page/{target}", timeout=30)
        tab.next_id = 0
        tab.events = []
        tab.call("Page.enable")
        return tab

    def close_tab(self):
        self.ws.close()
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/close/{self.target}", timeout=10):
            pass

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)
