"""The Lottie comparison (scripts/compare-peers --lottie): whole animations of
the corpus in Tests/LayerFXLottieCorpus drawn at one size (the longest side
1080 px by default) by LayerFX (`layerfx bench scene`, cpu and gpu) and by the
Lottie players ThorVG and rlottie (the C programs thorvg_lottie and
rlottie_lottie of Benchmarks/Peers), alternated.

Every program loads the file once and then draws every frame of its range,
ip to op (op excluded; frame n at n / fr seconds), into one buffer: LayerFX
evaluates, draws and reads back each frame; ThorVG sets the frame, updates,
draws and syncs; rlottie renders. Nothing is encoded. Each run draws 2 warm-up
frames (the first of the range) untimed; a file's time is the mean of its
frames' times (the whole animation, not a median frame), and the table gives
the median of that over the rounds. The target: LayerFX cpu's ms per frame,
summed over the files every program drew, at most 0.5x the faster peer's sum."""
import fnmatch
import glob
import json
import math
import os
import statistics
import time

from . import tools
from .report import describe, fmt_ms, fmt_ratio, table
from .tools import BUILD, REPO, log, warn

CORPUS = os.path.join(REPO, "Tests", "LayerFXLottieCorpus")
TARGET = ("layerfx-cpu", 0.5)   # LayerFX program, the most its sum may be of the faster peer's
WARMUP = 2


class Job:
    """One animation: its timeline, the frames timed (first .. first + count - 1,
    absolute frame numbers) and the picture's size for LayerFX (scale) and for
    the peers (width x height, the longest side `size`)."""

    def __init__(self, path, size, max_frames):
        with open(path, "rb") as f:
            document = json.loads(f.read())
        self.path = path
        self.name = os.path.relpath(path, CORPUS) if path.startswith(CORPUS + os.sep) else os.path.basename(path)
        self.w, self.h = float(document["w"]), float(document["h"])
        self.ip, self.op = float(document.get("ip") or 0), float(document.get("op") or 0)
        self.fr = float(document.get("fr") or 0)
        if not (self.w > 0 and self.h > 0 and self.fr > 0 and self.op > self.ip):
            raise ValueError("no frames to draw (w, h, fr, ip or op)")
        longest = max(self.w, self.h)
        # LayerFX draws ceil(w * scale) pixels: just under `size` on the longest side gives exactly `size`.
        self.scale = (size - 1e-6) / longest
        self.width, self.height = max(1, round(self.w * size / longest)), max(1, round(self.h * size / longest))
        self.first = math.ceil(self.ip - 1e-9)
        self.count = math.ceil(self.op - 1e-9) - self.first
        if max_frames:
            self.count = min(self.count, max_frames)

    def span(self):
        """--from and --to for `layerfx bench scene --fps fr`: exactly the frames first .. first + count - 1."""
        return max(self.first - 0.5, 0) / self.fr, (self.first + self.count - 0.5) / self.fr


class Program:
    """A timed program: `run(job, ctx)` returns (JSON-like result with mean_ms, None) or (None, why)."""

    def __init__(self, name, label, run, target=None):
        self.name, self.label, self.run, self.target = name, label, run, target
        self.is_layerfx = name.startswith("layerfx")


def layerfx_bench_scene(backend):
    def run(job, ctx):
        start, end = job.span()
        res, err = tools.run_json([ctx["layerfx"], "bench", "scene", job.path, "--scale", repr(job.scale),
                                   "--from", repr(start), "--to", repr(end), "--fps", repr(job.fr),
                                   "--warmup", str(WARMUP), "--backend", backend, "--json"], ctx["timeout"], cwd=REPO)
        if err:
            return None, err
        times = res.get("times_ms") or []
        if len(times) != job.count:
            return None, f"timed {len(times)} frames, not {job.count}"
        res["mean_ms"] = sum(times) / len(times)
        res["total_ms"] = sum(times)
        del res["times_ms"]   # kept out of --json: thousands of numbers
        return res, None
    return run


def c_lottie(binary, threads):
    def run(job, ctx):
        return tools.run_json([os.path.join(BUILD, binary), job.path, "--width", str(job.width),
                               "--height", str(job.height), "--first", repr(job.first - job.ip),
                               "--frames", str(job.count), "--warmup", str(WARMUP), "--threads", str(threads)],
                              ctx["timeout"])
    return run


# The fixed order of a round: each LayerFX backend next to a peer.
PROGRAMS = [
    Program("layerfx-cpu", "LayerFX cpu (bench scene)", layerfx_bench_scene("cpu")),
    Program("thorvg", "ThorVG (C, 2 worker threads)", c_lottie("thorvg_lottie", 2), "thorvg-lottie"),
    Program("layerfx-gpu", "LayerFX gpu (bench scene)", layerfx_bench_scene("gpu")),
    Program("rlottie", "rlottie (C, Debian 0.1)", c_lottie("rlottie_lottie", 0), "rlottie"),
]
BY_NAME = {p.name: p for p in PROGRAMS}


def corpus(patterns):
    """The corpus files (sorted), or those whose path below the corpus folder or name matches a glob."""
    files = sorted(glob.glob(os.path.join(CORPUS, "*", "*.json")))
    if not patterns:
        return files
    wanted = [p.strip() for p in patterns.split(",") if p.strip()]
    return [f for f in files if any(fnmatch.fnmatch(os.path.relpath(f, CORPUS), p) or
                                    fnmatch.fnmatch(os.path.basename(f), p) for p in wanted)]


def setup(programs, files, size, max_frames, timeout):
    """Builds what the programs need and reads the files; returns (programs that can run, jobs, context)."""
    ctx = {"timeout": timeout, "size": size, "max_frames": max_frames}
    if any(p.is_layerfx for p in programs):
        ctx["layerfx"] = tools.layerfx_binary()
        log(f"layerfx: {ctx['layerfx']}")
    peers = [p for p in programs if not p.is_layerfx]
    if peers:
        venv = tools.Venv()
        built = set(tools.build([p.target for p in peers], venv))
        for p in peers:
            if p.target not in built:
                warn(f"skipping {p.name}")
        programs = [p for p in programs if p.is_layerfx or p.target in built]
    jobs = []
    for path in files:
        try:
            jobs.append(Job(path, size, max_frames))
        except (OSError, ValueError, KeyError, TypeError) as e:
            warn(f"skipping {path}: {e}")
    return programs, jobs, ctx


def measure(programs, jobs, rounds, ctx):
    """Every program on every file once per round: {(file name, program name): [results]}."""
    results = {}
    for number, job in enumerate(jobs, 1):
        for rnd in range(1, rounds + 1):
            for prog in programs:
                t0 = time.time()
                res, err = prog.run(job, ctx)
                tag = f"[{number}/{len(jobs)} {job.name} round {rnd}/{rounds}] {prog.name:<11}"
                if err:
                    warn(f"{tag} failed: {err}")
                    continue
                results.setdefault((job.name, prog.name), []).append(res)
                log(f"{tag} mean {res['mean_ms']:8.2f} ms  median {res['median_ms']:8.2f} ms  "
                    f"({job.count} frames, {time.time() - t0:.1f} s)")
    return results


def report(programs, jobs, results, rounds, started, finished, loads, size, max_frames):
    mean = {k: statistics.median(r["mean_ms"] for r in rs) for k, rs in results.items()}
    lfx = [p for p in programs if p.is_layerfx]
    peers = [p for p in programs if not p.is_layerfx]
    names = [p.name for p in programs]
    # The files every program drew: the sums compare the same work.
    common = [j for j in jobs if all((j.name, p.name) in mean for p in programs)]
    missing = [j for j in jobs if j not in common]
    sums = {p.name: sum(mean[(j.name, p.name)] for j in common) for p in programs}
    totals = {p.name: sum(mean[(j.name, p.name)] * j.count for j in common) / 1e3 for p in programs}

    out = ["# LayerFX against Lottie players: the corpus", ""]
    out += describe(results, started, finished, *loads)
    frames = sum(j.count for j in jobs)
    out += ["", f"{len(jobs)} files of `Tests/LayerFXLottieCorpus`, each animation's frames from ip to op "
                f"(op excluded{f', at most {max_frames} a file' if max_frames else ''}; {frames} frames in all), "
                f"drawn with the longest side {size} px. Every program loads the file once, draws {WARMUP} "
                "warm-up frames and then every frame of the range into one buffer, nothing encoded. A file's time "
                f"is the mean ms per frame of a run; the table gives the median over {rounds} round(s). Each "
                f"round runs every program once, in this order: {', '.join(names)}.", ""]

    out += ["## Target", ""]
    faster = min(peers, key=lambda p: sums[p.name]) if peers and common else None
    name, limit = TARGET
    if name not in names or not faster:
        out.append(f"- {BY_NAME[name].label} ≤ {limit:g}× the faster peer: not judged (it needs {name} and a peer)")
    else:
        ratio = sums[name] / sums[faster.name]
        out.append(f"- {BY_NAME[name].label} ≤ {limit:g}× the faster peer, ms per frame summed over the "
                   f"{len(common)} files every program drew: **{'met' if ratio <= limit else 'missed'}**, "
                   f"{fmt_ratio(ratio)} ({fmt_ms(sums[name])} ms against {faster.label}'s "
                   f"{fmt_ms(sums[faster.name])} ms)")
    for l in lfx:
        for p in peers:
            if sums.get(p.name):
                out.append(f"- {l.name} ÷ {p.name}: {fmt_ratio(sums[l.name] / sums[p.name])} of the summed ms per "
                           f"frame; {fmt_ratio(totals[l.name] / totals[p.name])} of the time for all the frames")
    if missing:
        out.append(f"- Left out of the sums ({len(missing)} file{'s' if len(missing) > 1 else ''}, "
                   "a program has no result): " +
                   ", ".join(f"`{j.name}` (" + ", ".join(p.name for p in programs if (j.name, p.name) not in mean) + ")"
                             for j in missing))
    out.append("")

    out += ["## Σ over the files every program drew", ""]
    rows = [[p.label, fmt_ms(sums[p.name]), f"{totals[p.name]:.2f}" if totals[p.name] < 10 else f"{totals[p.name]:.1f}"]
            for p in programs]
    out += table(["program", "Σ ms per frame", "s for all the frames"], rows) + [""]

    out += ["## ms per frame (mean over the animation; median over rounds)", ""]
    rows = []
    for j in jobs:
        cells = [fmt_ms(mean[(j.name, p.name)]) if (j.name, p.name) in mean else "failed" for p in programs]
        best = min((mean[(j.name, p.name)] for p in peers if (j.name, p.name) in mean), default=None)
        own = mean.get((j.name, name))
        cells.append(fmt_ratio(own / best) if own and best else "–")
        rows.append([f"`{j.name}`", str(j.count), f"{j.width}×{j.height}", *cells])
    rows.append(["**Σ (files every program drew)**", str(sum(j.count for j in common)), "",
                 *[f"**{fmt_ms(sums[p.name])}**" for p in programs],
                 fmt_ratio(sums[name] / sums[faster.name]) if faster and name in names else "–"])
    out += table(["file", "frames", "size", *[p.name for p in programs], f"{name} ÷ faster peer"], rows) + [""]
    return "\n".join(out).rstrip("\n") + "\n"
