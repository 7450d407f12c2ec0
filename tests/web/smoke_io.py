"""The browser as the file system (docs/web.md), for tests/web/smoke: an export leaves the page as
a real download under the desktop's file name; File > Open session... opens the browser's file
picker, and the chosen file is opened by the desktop's code (a broken one gives the usual
one-line message, a preset opens); the recovery autosave written to IndexedDB survives a reload,
which offers it as the desktop offers a crashed window's. Python's standard library only: the
DevTools connection and the status-file reader are tests/web/smoke's, passed in as `page`.
"""
import os
import shutil
import tempfile
import time

# A preset shipped with the app (assets/scenarios/), opened through the picker, and its title.
PRESET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "assets",
                      "scenarios", "teach-modes.json")
PRESET_TITLE = "Which sampler crosses between the modes?"


def wait_for(condition, seconds, step=0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(step)
    return None


def probe_rect(page, name, seconds=5.0):
    """The rectangle the app recorded for `name` in a recent frame (ui_probe), or None."""
    return wait_for(lambda: page.status()[0].get(name), seconds)


def centre(rect):
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def open_file_menu(page):
    rect = probe_rect(page, "menu/file")
    if rect is None:
        page.fail("no File menu in the status file")
    page.click(*centre(rect))


def check_export_download(page, download_dir):
    """File > Export > Draws as CSV: draws.csv must arrive in `download_dir`, not empty."""
    tools = page.tools
    try:
        tools.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=download_dir)
    except RuntimeError:  # older Chromium: the page-level call
        tools.call("Page.setDownloadBehavior", behavior="allow", downloadPath=download_dir)
    open_file_menu(page)
    export = probe_rect(page, "menu/export")
    if export is None:
        page.fail("File menu open, but no Export entry in the status file")
    tools.call("Input.dispatchMouseEvent", type="mouseMoved", x=centre(export)[0],
               y=centre(export)[1])
    item = probe_rect(page, "export/draws_csv")
    if item is None:
        page.fail("Export submenu has no 'Draws as CSV' item in the status file")
    started = time.monotonic()
    page.click(*centre(item))
    target = os.path.join(download_dir, "draws.csv")
    arrived = wait_for(lambda: os.path.exists(target) and os.path.getsize(target) > 0, 30)
    # The line the menu bar shows (the status file is written every few frames).
    said = wait_for(lambda: page.texts().get("export/status"), 5) or "nothing"
    if not arrived:
        page.fail("no draws.csv downloaded within 30 s (files: " +
                  ", ".join(sorted(os.listdir(download_dir))) + "; the app said: " + said + ")")
    with open(target) as csv:
        header, rows = csv.readline().strip(), sum(1 for _ in csv)
    print(f"web smoke: File > Export > Draws as CSV downloaded draws.csv, "
          f"{os.path.getsize(target)} bytes, {rows} rows, in {time.monotonic() - started:.1f} s "
          f"(the app said: {said})")
    if rows == 0 or not header.startswith("sampler,chain,iter"):
        page.fail(f"the downloaded draws.csv is not the draws table (header {header[:60]!r}, "
                  f"{rows} rows)")
    if not said.endswith("/draws.csv"):
        page.fail("the app did not report the export it downloaded: " + said)


def pick_file(page, path):
    """File > Open session..., answering the browser's file picker with `path`."""
    tools = page.tools
    seen = len(tools.events)
    open_file_menu(page)
    item = probe_rect(page, "menu/open_session")
    if item is None:
        page.fail("File menu has no 'Open session...' item in the status file")
    page.click(*centre(item))

    def chooser():
        tools.evaluate("0")  # collects the events that came meanwhile
        for event in tools.events[seen:]:
            if event.get("method") == "Page.fileChooserOpened":
                return event["params"]
        return None

    opened = wait_for(chooser, 10, step=0.2)
    if opened is None:
        page.fail("File > Open session... opened no file picker")
    tools.call("DOM.setFileInputFiles", files=[path], backendNodeId=opened["backendNodeId"])


def check_open_session(page, scratch):
    page.tools.call("Page.setInterceptFileChooserDialog", enabled=True)
    broken = os.path.join(scratch, "broken.json")
    with open(broken, "w") as out:
        out.write("{ this is not a session")
    pick_file(page, broken)
    problem = wait_for(lambda: page.texts().get("problem"), 10)
    print(f"web smoke: a broken session picked: {problem}")
    if not problem or "broken.json" not in problem:
        page.fail("picking a broken session gave no message naming it")
    pick_file(page, os.path.abspath(PRESET))
    def opened_title():
        title = page.tools.evaluate("document.title") or ""
        return title if PRESET_TITLE in title else None

    title = wait_for(opened_title, 20)
    print(f"web smoke: {os.path.basename(PRESET)} picked: the page is now '{title}'")
    if not title:
        page.fail("picking " + os.path.basename(PRESET) + " did not open it (title: " +
                  str(page.tools.evaluate("document.title")) + ")")


def check_reload_offers_recovery(page, frames_at_least):
    """The autosave reaches IndexedDB; after a reload the page offers it back."""
    tools = page.tools
    synced = wait_for(lambda: (tools.evaluate("Module.sglPersisted || 0") or 0) >= 1, 15)
    if not synced:
        page.fail("the recovery autosave was never synced to IndexedDB")
    started = time.monotonic()
    tools.evaluate("window.sglBeforeReload = true")  # tells the old page from the new one
    tools.call("Page.reload", ignoreCache=False)
    drawn = f"!window.sglBeforeReload && typeof Browser !== 'undefined' && " \
            f"Browser.mainLoop.currentFrameNumber >= {frames_at_least}"
    if not wait_for(lambda: tools.evaluate(drawn), 120, step=0.2):
        page.fail("the reloaded page drew no frames")
    offer = probe_rect(page, "restore/offer", seconds=10)
    left = tools.evaluate("(function () { try { return FS.readdir("
                          "'/home/web_user/.local/state/sgmcmc-lab').join(' '); }"
                          " catch (e) { return 'none: ' + e; } })()")
    print(f"web smoke: after a reload ({time.monotonic() - started:.1f} s) the state folder "
          f"holds: {left}; restore offered: {'yes' if offer else 'no'}")
    if not offer or "recovery-previous.json" not in (left or ""):
        page.fail("the reloaded page did not offer the session kept in IndexedDB")


def run(page, frames_at_least):
    scratch = tempfile.mkdtemp(prefix="sgl-smoke-io-")
    try:
        downloads = os.path.join(scratch, "downloads")
        os.makedirs(downloads)
        check_export_download(page, downloads)
        check_open_session(page, scratch)
        check_reload_offers_recovery(page, frames_at_least)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
