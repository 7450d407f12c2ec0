#!/usr/bin/python3
"""Every figure in README.md and docs/ is made by scripts/make_figures.sh.

  figures_test.py references SOURCE_DIR
      every image that README.md and docs/**/*.md show (![..](..) and <img src=..>) is in the
      script's manifest (--list) and exists, and every manifest entry is shown somewhere
  figures_test.py generate SOURCE_DIR SGMCMC_LAB WORK_DIR
      the script regenerates one window screenshot and one CLI SVG into a scratch ROOT: exactly
      those files, a PNG of the manifest's window size and a complete SVG; a failing command
      stops it with a one-line message and a non-zero exit
"""
import os
import re
import shutil
import struct
import subprocess
import sys

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def finish():
    for message in failures:
        print("FAIL:", message)
    print("ok" if not failures else f"{len(failures)} failure(s)")
    sys.exit(1 if failures else 0)


def script(source):
    return os.path.join(source, "scripts", "make_figures.sh")


def manifest_paths(source, env=None):
    listing = subprocess.run([script(source), "--list"], capture_output=True, text=True, env=env,
                             check=True)
    return [line for line in listing.stdout.splitlines() if line.strip()]


# An image link: ![alt](path "title"), the alt text possibly holding [brackets]; or an <img> tag.
MARKDOWN_IMAGE = re.compile(r'!\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
HTML_IMAGE = re.compile(r'<img\b[^>]*?\bsrc\s*=\s*["\']([^"\']+)["\']', re.IGNORECASE)
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def documents(source):
    yield os.path.join(source, "README.md")
    for folder, _, files in os.walk(os.path.join(source, "docs")):
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(folder, name)


def referenced_images(source):
    """{image path relative to SOURCE: [the documents that show it]}."""
    images = {}
    for document in documents(source):
        with open(document, encoding="utf-8") as f:
            text = FENCE.sub("", f.read())  # an image inside a code block is an example, not shown
        for link in MARKDOWN_IMAGE.findall(text) + HTML_IMAGE.findall(text):
            if re.match(r"^[a-z]+:", link):  # http(s): an image from elsewhere is not ours to make
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(document), link.split("#")[0]))
            images.setdefault(os.path.relpath(path, source), []).append(
                os.path.relpath(document, source))
    return images


def references(source):
    listed = manifest_paths(source)
    check(len(listed) == len(set(listed)), f"a path is listed twice in the manifest: {listed}")
    shown = referenced_images(source)
    check(len(shown) >= 12, f"only {len(shown)} images found in the docs: is the parser broken?")
    for image, where in sorted(shown.items()):
        check(image in listed,
              f"{image} (shown in {', '.join(where)}) has no generator in scripts/make_figures.sh")
        check(os.path.isfile(os.path.join(source, image)),
              f"{image} (shown in {', '.join(where)}) does not exist")
    for image in listed:
        check(image in shown, f"{image} is in the manifest of scripts/make_figures.sh but no "
                              "README.md or docs/ page shows it")
        check(os.path.isfile(os.path.join(source, image)), f"manifest entry {image} does not exist")


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def manifest_line(source, path):
    with open(script(source), encoding="utf-8") as f:
        for line in f:
            if line.startswith(path + " "):
                return line
    return ""


def generate(source, exe, work):
    shutil.rmtree(work, ignore_errors=True)
    root = os.path.join(work, "root")
    env = dict(os.environ, SGMCMC_LAB=exe, TMPDIR=work)
    shot, svg = "docs/screenshots/bnn-regression.png", "docs/gallery/chen-fig1-histogram.svg"
    os.makedirs(root)
    made = subprocess.run([script(source), "--out", root, "bnn-regression", "chen-fig1-histogram"],
                          capture_output=True, text=True, env=env, timeout=120)
    check(made.returncode == 0, f"make_figures.sh failed ({made.returncode}): {made.stderr.strip()}")
    written = sorted(os.path.relpath(os.path.join(folder, name), root)
                     for folder, _, files in os.walk(root) for name in files)
    check(written == sorted([shot, svg]), f"wrote {written}, not just {shot} and {svg}")

    size = re.search(r"--size (\d+)x(\d+)", manifest_line(source, shot))
    check(size is not None, f"no --size in the manifest line of {shot}")
    if os.path.isfile(os.path.join(root, shot)) and size:
        got = png_size(os.path.join(root, shot))
        check(got == (int(size.group(1)), int(size.group(2))),
              f"{shot}: PNG size {got}, the manifest asks for {size.group(0)}")
    if os.path.isfile(os.path.join(root, svg)):
        with open(os.path.join(root, svg), encoding="utf-8") as f:
            text = f.read()
        check("<svg" in text and text.rstrip().endswith("</svg>") and "<path" in text,
              f"{svg}: not a complete SVG with paths ({len(text)} bytes)")

    # A command that fails stops the script: non-zero exit, one line naming the figure.
    failed = subprocess.run([script(source), "--out", root, "chen-fig1-histogram"],
                            capture_output=True, text=True, env=dict(env, SGMCMC_LAB="/bin/false"),
                            timeout=60)
    errors = [line for line in failed.stderr.splitlines() if line.startswith("make_figures: ")
              and "failed" in line]
    check(failed.returncode != 0, "a failing command did not make the script fail")
    check(len(errors) == 1 and svg in errors[0], f"no one-line message naming {svg}: "
                                                  f"{failed.stderr.strip()!r}")
    unknown = subprocess.run([script(source), "--out", root, "no-such-figure"],
                             capture_output=True, text=True, env=env, timeout=60)
    check(unknown.returncode != 0 and "no-such-figure" in unknown.stderr,
          "an unknown figure name is not refused")


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "references" and len(sys.argv) == 3:
        references(sys.argv[2])
    elif mode == "generate" and len(sys.argv) == 5:
        generate(*sys.argv[2:])
    else:
        sys.exit(__doc__)
    finish()
