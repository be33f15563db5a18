"""What both reports share: the lines that describe the machine, number formats and markdown tables."""
import os
import platform
import re
import shutil
import subprocess

from .tools import REPO


def read_first(path, key, sep=":"):
    try:
        with open(path) as f:
            for line in f:
                if line.startswith(key) and sep in line:
                    return line.split(sep, 1)[1].strip().strip('"')
    except OSError:
        pass
    return None


def mesa_version(texts):
    for text in texts:
        m = re.search(r"Mesa ([0-9][0-9.]*)", text or "")
        if m:
            return m.group(1)
    if shutil.which("dpkg-query"):
        q = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libgl1-mesa-dri"], capture_output=True, text=True)
        if q.returncode == 0 and q.stdout:
            return q.stdout.split("-")[0].split(":")[-1]
    return None


def describe(results, started, finished, load_before, load_after):
    """Markdown bullet lines: CPU, OS, GL, LayerFX's renderers, peer versions,
    commit, date and load. `results` maps (key, program name) to lists of the
    programs' JSON results."""
    runs = [(name, r) for (_, name), rs in results.items() for r in rs]
    cpu = read_first("/proc/cpuinfo", "model name") or platform.processor() or "unknown CPU"
    cores = os.cpu_count()
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = cores
    mem = read_first("/proc/meminfo", "MemTotal")
    lines = [f"- CPU: {cpu}, {cores} cores" + (f" ({usable} usable)" if usable != cores else "") +
             (f", {int(mem.split()[0]) / 1048576:.0f} GiB" if mem else "")]
    os_name = read_first("/etc/os-release", "PRETTY_NAME=", "=") or platform.system()
    lines.append(f"- OS: {os_name}, Linux {platform.release()}")
    gpu = next((r for name, r in runs if name == "layerfx-gpu"), None)
    gles = next((r for name, r in runs if name == "gles-sdf"), None)
    gl = (gpu or {}).get("renderer") or (gles or {}).get("renderer")
    if gl:
        mesa = mesa_version([(gles or {}).get("version"), gl])
        plat = (gpu or {}).get("platform")
        lines.append(f"- GL: {gl}" + (f", Mesa {mesa}" if mesa else "") + (f", EGL platform {plat}" if plat else "") +
                     f"; LP_NUM_THREADS {os.environ.get('LP_NUM_THREADS', 'unset (default)')}")
    cpu_run = next((r for name, r in runs if name == "layerfx-cpu"), None)
    if cpu_run:
        lines.append(f"- LayerFX cpu renderer: {cpu_run.get('renderer', 'cpu')}")
    versions = sorted({r["version"] for name, r in runs if not name.startswith("layerfx") and r.get("version")})
    if versions:
        lines.append("- Peers: " + "; ".join(versions))
    commit = subprocess.run(["git", "-C", REPO, "describe", "--always", "--dirty"], capture_output=True, text=True)
    if commit.returncode == 0:
        lines.append(f"- LayerFX commit: {commit.stdout.strip()}")
    lines.append(f"- Date: {started:%Y-%m-%d %H:%M} to {finished:%H:%M} UTC; load average (1 min) "
                 f"{load_before:.2f} before, {load_after:.2f} after")
    return lines


def fmt_ms(v):
    return f"{v:.0f}" if v >= 1000 else f"{v:.1f}" if v >= 10 else f"{v:.2f}"


def fmt_ratio(v):
    return f"{v:.2f}×"


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return out + ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
