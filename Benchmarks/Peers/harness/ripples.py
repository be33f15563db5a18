"""The ripple-field comparison (scripts/compare-peers without --effects):
LayerFX's `bench ripples` and the peer programs on the same scene files,
alternated, and a markdown report with ratios and the targets."""
import os
import statistics
import time

from . import tools
from .report import describe, fmt_ms, fmt_ratio, table
from .tools import BUILD, PEERS, log, warn


class Program:
    """One timed program: its name, its label in the report, whether it is
    LayerFX's, whether it runs by default, the make target it needs (None for
    LayerFX and Python peers) and the function giving its argv."""

    def __init__(self, name, label, default, target=None, argv=None, wheels=()):
        self.name, self.label, self.default, self.target, self.argv = name, label, default, target, argv
        self.wheels = wheels
        self.is_layerfx = name.startswith("layerfx")


def c_peer(binary, threads=0):
    return lambda scene, frames, ctx: [os.path.join(BUILD, binary), scene, "--threads", str(threads),
                                       "--frames", str(frames)]


def skia(scene, frames, ctx):
    return [ctx["venv"].python, os.path.join(PEERS, "skia_ripples.py"), scene, "--frames", str(frames)]


def layerfx(backend, *options):
    return lambda scene, frames, ctx: [ctx["layerfx"], "bench", "ripples", "--scene", scene, "--backend", backend,
                                       "--frames", str(frames), "--json", *options]


# The fixed order of a round: LayerFX first and next to the peers of its targets.
PROGRAMS = [
    Program("layerfx-cpu", "LayerFX cpu (ordered)", True, argv=layerfx("cpu", "--compositing", "ordered")),
    Program("layerfx-cpu-tiles", "LayerFX cpu, tile compositing", True, argv=layerfx("cpu", "--compositing", "tiles")),
    Program("blend2d-2t", "Blend2D (threadCount=2)", True, "blend2d", c_peer("blend2d_ripples", 2)),
    Program("layerfx-gpu", "LayerFX gpu (ordered)", True, argv=layerfx("gpu", "--compositing", "ordered")),
    Program("layerfx-gpu-tiles", "LayerFX gpu, tile compositing (compute)", True,
            argv=layerfx("gpu", "--compositing", "tiles")),
    Program("gles-sdf", "gles-sdf (naive GLES instanced SDF)", True, "gles", c_peer("gles_ripples")),
    Program("blend2d-1t", "Blend2D (threadCount=1)", True, "blend2d", c_peer("blend2d_ripples", 1)),
    Program("blend2d-sync", "Blend2D (synchronous)", True, "blend2d", c_peer("blend2d_ripples", 0)),
    Program("thorvg", "ThorVG (0 worker threads)", True, "thorvg", c_peer("thorvg_ripples", 0)),
    Program("thorvg-2t", "ThorVG (1 worker thread)", False, "thorvg", c_peer("thorvg_ripples", 1)),
    Program("cairo", "Cairo (image surface)", True, "cairo", c_peer("cairo_ripples")),
    Program("skia", "Skia (skia-python)", False, argv=skia, wheels=("skia-python", "numpy")),
]
BY_NAME = {p.name: p for p in PROGRAMS}

# (N, LayerFX program, peer program, the most the ratio may be).
TARGETS = [(100000, "layerfx-cpu", "blend2d-2t", 0.5), (100000, "layerfx-cpu-tiles", "blend2d-2t", 0.1),
           (1000000, "layerfx-cpu-tiles", "blend2d-2t", 0.05), (100000, "layerfx-gpu", "blend2d-2t", 1.0),
           (100000, "layerfx-gpu", "gles-sdf", 0.67), (100000, "layerfx-gpu-tiles", "blend2d-2t", 0.3)]


def setup(programs, counts):
    """Builds what the programs need; returns (the programs that can run, scenes by N, context)."""
    ctx = {}
    if any(p.is_layerfx for p in programs):
        ctx["layerfx"] = tools.layerfx_binary()
        log(f"layerfx: {ctx['layerfx']}")
    peers = [p for p in programs if not p.is_layerfx]
    if peers:
        ctx["venv"] = venv = tools.Venv()
        built = set(tools.build(list(dict.fromkeys(p.target for p in peers if p.target)), venv))
        have = set(venv.ensure(list(dict.fromkeys(w for p in peers for w in p.wheels))))
        kept = []
        for p in programs:
            if (p.target and p.target not in built) or not set(p.wheels) <= have:
                warn(f"skipping {p.name}")
            else:
                kept.append(p)
        programs = kept
    return programs, {n: tools.ensure_scene(n) for n in counts}, ctx


def measure(programs, scenes, counts, rounds, frames, ctx, timeout):
    """Every program once per round, rounds in turn, for each N: {(N, name): [JSON results]}."""
    results = {}
    for n in counts:
        for rnd in range(1, rounds + 1):
            for prog in programs:
                t0 = time.time()
                res, err = tools.run_json(prog.argv(scenes[n], frames, ctx), timeout,
                                          cwd=tools.REPO if prog.is_layerfx else tools.WORK)
                if not err and int(res.get("frames", frames)) != frames:
                    res, err = None, f"timed {res.get('frames')} frames, not {frames}"
                tag = f"[N={n} round {rnd}/{rounds}] {prog.name:<13}"
                if err:
                    warn(f"{tag} failed: {err}")
                    continue
                results.setdefault((n, prog.name), []).append(res)
                log(f"{tag} median {res['median_ms']:9.2f} ms  min {res['min_ms']:9.2f} ms   "
                    f"({time.time() - t0:.1f} s)")
    return results


def painted_mpixels(results, n):
    return next((r["painted_mpixels"] for (m, _), rs in results.items() if m == n for r in rs if r.get("painted_mpixels")), None)


def report(programs, results, counts, rounds, frames, started, finished, loads):
    """The markdown report."""
    names = [p.name for p in programs]
    lfx = [p for p in programs if p.is_layerfx]
    peers = [p for p in programs if not p.is_layerfx]
    med = {k: statistics.median(r["median_ms"] for r in rs) for k, rs in results.items()}
    low = {k: min(r["min_ms"] for r in rs) for k, rs in results.items()}

    def ratio(n, a, b):
        x, y = med.get((n, a)), med.get((n, b))
        return fmt_ratio(x / y) if x and y else "–"

    out = ["# LayerFX against its peers: ripple frames", ""]
    out += describe(results, started, finished, *loads)
    out += ["", f"Scene: `Benchmarks/Peers/gen_ripples.py`, N ripples at 1920×1080. Every run draws 2 warm-up "
                f"frames, then {frames} timed frames; each round runs every program once, in this order: "
                f"{', '.join(names)}. Time: median over {rounds} round(s) of each run's median frame time "
                "(in brackets the least frame time seen). Ratio: LayerFX median ÷ peer median (below 1×, "
                "LayerFX is faster).", ""]
    out += ["## Median (min) ms per frame", ""]
    rows = [[p.label, *[f"{fmt_ms(med[(n, p.name)])} ({fmt_ms(low[(n, p.name)])})" if (n, p.name) in med
                        else "failed" for n in counts]] for p in programs]
    out += table(["program", *[f"N={n}" for n in counts]], rows) + [""]
    if lfx and peers:
        out += ["## LayerFX ÷ peer (median time)", ""]
        rows = [[f"{l.label} ÷ {p.name}", *[ratio(n, l.name, p.name) for n in counts]] for l in lfx for p in peers]
        out += table(["", *[f"N={n}" for n in counts]], rows) + [""]

    out += ["## Targets", ""]
    if not any(l in names and p in names for _, l, p, _ in TARGETS):
        out.append("- none judged: each target needs its LayerFX backend and its peer in --only")
    for n, l, p, limit in TARGETS:
        if l not in names or p not in names:
            continue
        desc = f"N={n}: {BY_NAME[l].label} ≤ {limit:g}× {BY_NAME[p].label}"
        a, b = med.get((n, l)), med.get((n, p))
        if n not in counts:
            out.append(f"- {desc}: not judged (N={n} not run)")
        elif not (a and b):
            out.append(f"- {desc}: not judged (no result)")
        else:
            verdict = "**met**" if a / b <= limit else "**missed**"
            out.append(f"- {desc}: {verdict}, {fmt_ratio(a / b)} ({fmt_ms(a)} ms against {fmt_ms(b)} ms)")
    out.append("")

    for n in counts:
        area = painted_mpixels(results, n)
        out += [f"## N={n}: every round", ""]
        if area:
            out += [f"Painted area Σ π(r+1)²: {area:.1f} Mpx.", ""]
        rows = []
        for p in programs:
            rs = results.get((n, p.name), [])
            if rs:
                rate = f"{area / (med[(n, p.name)] / 1e3):.0f}" if area else ""
                rows.append([p.label, fmt_ms(med[(n, p.name)]), fmt_ms(low[(n, p.name)]), rate,
                             " / ".join(fmt_ms(r["median_ms"]) for r in rs)])
            else:
                rows.append([p.label, "failed", "", "", ""])
        out += table(["program", "median ms", "min ms", "Mpx/s", "per-round medians"], rows) + [""]
        if lfx and peers:
            rows = [[l.label, *[ratio(n, l.name, p.name) for p in peers]] for l in lfx]
            out += table([f"LayerFX ÷ peer, N={n}", *[p.name for p in peers]], rows) + [""]
    return "\n".join(out).rstrip("\n") + "\n"
