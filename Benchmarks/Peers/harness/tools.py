"""Setting up what the peer programs need: Debian packages (apt-get, when root),
a Python venv in .build-peers/ with the wheels that ship Blend2D, ThorVG, Skia
and resvg, the C programs (make in Benchmarks/Peers), the ripple scenes, and a
release build of layerfx. Progress and warnings go to stderr."""
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PEERS = os.path.join(REPO, "Benchmarks", "Peers")
WORK = os.path.join(REPO, ".build-peers")     # ignored: .venv/, build/, scenes/, svg/
BUILD = os.path.join(WORK, "build")

# pip package -> a file (relative to site-packages) that shows it is installed
WHEELS = {
    "blend2d-python": "blend2d/libblend2d.a",     # not blend2d-py: both install "blend2d"; only this one ships the library
    "thorvg-python": "thorvg_python/libthorvg-1.so",
    "skia-python": "skia*",
    "numpy": "numpy",
    "resvg-cli": "../../../bin/resvg",
}
# make target -> (Debian packages it needs, pip packages whose libraries it links)
TARGETS = {
    "blend2d": ((), ("blend2d-python",)),
    "thorvg": ((), ("thorvg-python",)),
    "thorvg-svg": ((), ("thorvg-python",)),
    "cairo": (("libcairo2-dev", "pkg-config"), ()),
    "gles": (("libegl-dev", "libgles-dev"), ()),
    "rsvg": (("librsvg2-dev", "libcairo2-dev", "pkg-config"), ()),
    "thorvg-lottie": ((), ("thorvg-python",)),
    "rlottie": (("librlottie-dev", "pkg-config"), ()),
}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def warn(msg):
    log(f"compare-peers: warning: {msg}")


def die(msg, code=1):
    log(f"compare-peers: error: {msg}")
    sys.exit(code)


def sh(argv, **kw):
    """Runs a setup command, echoing it, its output on stderr; True on success."""
    log("+ " + " ".join(argv))
    try:
        return subprocess.run(argv, stdout=sys.stderr, **kw).returncode == 0
    except OSError as e:
        warn(f"{argv[0]}: {e}")
        return False


def apt_ensure(packages, why):
    """Installs missing Debian packages when root; True when they are there."""
    if not packages:
        return True
    if not shutil.which("dpkg"):
        return True   # not Debian: let the build tell
    if subprocess.run(["dpkg", "-s", *packages], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
        return True
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        warn(f"{' '.join(packages)} not installed (needed for {why}) and not root to apt-get them")
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    return sh(["apt-get", "update", "-q"], env=env) and sh(["apt-get", "install", "-y", "-q", *packages], env=env)


class Venv:
    """The venv in .build-peers/.venv, created on first use."""

    def __init__(self):
        self.python = os.path.join(WORK, ".venv", "bin", "python")
        if not os.access(self.python, os.X_OK):
            if not sh([sys.executable, "-m", "venv", os.path.join(WORK, ".venv")]):
                die("could not create the venv in .build-peers/.venv (Debian: apt-get install python3-venv)")
        out = subprocess.run([self.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True)
        self.site = out.stdout.strip()
        self.bin = os.path.dirname(self.python)

    def has(self, package):
        return bool(glob.glob(os.path.join(self.site, WHEELS[package])))

    def ensure(self, packages):
        """pip-installs the packages that are missing; returns those that are there after."""
        missing = [p for p in packages if not self.has(p)]
        if missing and not sh([self.python, "-m", "pip", "install", "-q", *missing]):
            warn(f"pip install {' '.join(missing)} failed")
        return [p for p in packages if self.has(p)]


def build(targets, venv):
    """Builds the C programs of the make targets; returns the targets that built."""
    built = []
    for target in targets:
        apt, wheels = TARGETS[target]
        if not apt_ensure(apt, target) or len(venv.ensure(wheels)) < len(wheels):
            warn(f"skipping the {target} program: what it needs is missing")
            continue
        args = ["make", "-s", "-C", PEERS, f"BUILD={BUILD}",
                f"BLEND2D_LIB={os.path.join(venv.site, 'blend2d', 'libblend2d.a')}",
                f"THORVG_DIR={os.path.join(venv.site, 'thorvg_python')}", target]
        if sh(args):
            built.append(target)
        else:
            warn(f"could not build the {target} program: skipping it")
    return built


def ensure_scene(n):
    """.build-peers/scenes/ripples-N.json, generated when missing or cut short."""
    path = os.path.join(WORK, "scenes", f"ripples-{n}.json")
    if not scene_complete(path):
        t0 = time.time()
        if not sh([sys.executable, os.path.join(PEERS, "gen_ripples.py"), "--out", os.path.dirname(path), str(n)]) \
                or not scene_complete(path):
            die(f"gen_ripples.py {n} did not write {path}")
        log(f"  (generated in {time.time() - t0:.1f} s)")
    return path


def scene_complete(path):
    try:
        with open(path, "rb") as f:
            f.seek(-3, os.SEEK_END)
            return f.read() == b"]}\n"
    except OSError:
        return False


def layerfx_binary():
    """LAYERFX_BIN, or a release build of layerfx from the repository."""
    exe = os.environ.get("LAYERFX_BIN")
    if exe:
        if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
            die(f"LAYERFX_BIN={exe} is not an executable file")
        return os.path.abspath(exe)
    if not shutil.which("swift"):
        die("swift not found: install Swift 6, or set LAYERFX_BIN to a built layerfx")
    # As scripts/setup builds it: the Swift runtime linked in, which starts faster.
    if not sh(["swift", "build", "-c", "release", "--product", "layerfx", "--static-swift-stdlib"], cwd=REPO):
        die("swift build -c release --product layerfx --static-swift-stdlib failed")
    out = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                         capture_output=True, text=True)
    exe = os.path.join(out.stdout.strip() or os.path.join(REPO, ".build", "release"), "layerfx")
    if not os.access(exe, os.X_OK):
        die(f"built, but {exe} is not there")
    return exe


def run_json(argv, timeout, cwd=None, env=None):
    """Runs a program that prints one JSON line with median_ms and min_ms;
    returns (result, None) or (None, why it failed)."""
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=cwd,
                           env={**os.environ, **(env or {})})
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout:g} s"
    except OSError as e:
        return None, str(e)
    lines = [l for l in r.stdout.splitlines() if l.strip().startswith("{")]
    if r.returncode != 0 or not lines:
        tail = (r.stderr.strip() or r.stdout.strip()).splitlines()[-3:]
        return None, f"exit {r.returncode}: " + (" | ".join(tail) or "(no output)")
    try:
        res = json.loads(lines[-1])
        float(res["median_ms"]), float(res["min_ms"])
    except (ValueError, KeyError, TypeError) as e:
        return None, f"unreadable JSON ({e}): {lines[-1][:200]}"
    if res.get("blank"):
        return None, "blank frame"
    return res, None


def run_fresh(argv_of, frames, warmup, timeout):
    """Times whole runs of a command (process start to exit), `warmup` untimed
    first; run i (from 0, warm-up included) runs argv_of(i). Returns
    ({"median_ms", "min_ms", "frames"}, None) or (None, why)."""
    times = []
    for i in range(warmup + frames):
        argv = argv_of(i)
        t0 = time.perf_counter()
        try:
            r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, f"timed out after {timeout:g} s"
        except OSError as e:
            return None, str(e)
        elapsed = (time.perf_counter() - t0) * 1e3
        if r.returncode != 0:
            tail = (r.stderr.strip() or r.stdout.strip()).splitlines()[-3:]
            return None, f"exit {r.returncode}: " + (" | ".join(tail) or "(no output)")
        if i >= warmup:
            times.append(elapsed)
    return {"median_ms": statistics.median(times), "min_ms": min(times), "frames": frames}, None
