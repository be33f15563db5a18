"""The ripple comparison as a picture drawn by LayerFX itself: milliseconds per
frame against N, log–log, one line per program, written as a LayerFX scene (shape
layers with SVG path data, text layers) and rendered with `layerfx render`."""
import json
import math
import os
import statistics
import subprocess
import tempfile

WIDTH, HEIGHT = 860, 440
LEFT, RIGHT, TOP, BOTTOM = 80, 330, 44, 60          # the plot's margins, points
COLORS = ["#1565C0", "#E65100", "#2E7D32", "#6A1B9A", "#C62828", "#00838F", "#5D4037", "#AD1457", "#455A64", "#9E9D24"]


def _text(string, x, y, width, size=13, align="left", color="#37474F"):
    return {"type": "text", "string": string, "fontSize": size, "foregroundColor": color, "alignmentMode": align,
            "bounds": [0, 0, width, size * 1.4], "position": [x + width / 2, y + size * 0.7]}


def _path(d, color, width=1.0, fill=None):
    return {"type": "shape", "path": {"svg": d}, "strokeColor": color, "lineWidth": width, "fillColor": fill,
            "lineJoin": "round", "lineCap": "round", "bounds": [0, 0, WIDTH, HEIGHT], "position": [WIDTH / 2, HEIGHT / 2]}


def scene(programs, results, counts):
    """The chart's scene: programs [(name, label)], results {(N, name): [runs]}."""
    med = {k: statistics.median(r["median_ms"] for r in rs) for k, rs in results.items()}
    values = [v for v in med.values() if v > 0]
    if not values or len(counts) < 2:
        return None
    x_lo, x_hi = math.floor(math.log10(min(counts))), math.ceil(math.log10(max(counts)))
    y_lo, y_hi = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    x_hi, y_hi = max(x_hi, x_lo + 1), max(y_hi, y_lo + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(n):
        return LEFT + (math.log10(n) - x_lo) / (x_hi - x_lo) * plot_w

    def py(ms):
        return TOP + (y_hi - math.log10(ms)) / (y_hi - y_lo) * plot_h

    layers = []
    grid = "".join(f"M{LEFT} {py(10 ** e):.2f}H{LEFT + plot_w}" for e in range(y_lo, y_hi + 1))
    grid += "".join(f"M{px(10 ** e):.2f} {TOP}V{TOP + plot_h}" for e in range(x_lo, x_hi + 1))
    layers.append(_path(grid, "#CFD8DC", 1))
    layers.append(_path(f"M{LEFT} {TOP}V{TOP + plot_h}H{LEFT + plot_w}", "#607D8B", 1.5))
    for e in range(y_lo, y_hi + 1):
        label = f"{10 ** e:g}" if e >= 0 else f"{10.0 ** e:g}"
        layers.append(_text(label, LEFT - 66, py(10 ** e) - 9, 60, align="right"))
    for e in range(x_lo, x_hi + 1):
        n = 10 ** e
        label = f"{n // 1000000}M" if n >= 1000000 else f"{n // 1000}k" if n >= 1000 else str(n)
        layers.append(_text(label, px(n) - 30, TOP + plot_h + 8, 60, align="center"))
    layers.append(_text("ripples (N)", LEFT, HEIGHT - 24, plot_w, align="center"))
    layers.append(_text("ms per frame", 8, 6, 140, size=13))
    for i, (name, label) in enumerate(programs):
        points = [(px(n), py(med[(n, name)])) for n in counts if med.get((n, name), 0) > 0]
        if not points:
            continue
        color = COLORS[i % len(COLORS)]
        if len(points) > 1:
            layers.append(_path("M" + "L".join(f"{x:.2f} {y:.2f}" for x, y in points), color, 2.5))
        for x, y in points:
            layers.append({"type": "shape", "path": {"ellipseIn": [x - 3.5, y - 3.5, 7, 7]}, "fillColor": color,
                           "bounds": [0, 0, WIDTH, HEIGHT], "position": [WIDTH / 2, HEIGHT / 2]})
        legend_y = TOP + 6 + 22 * i
        layers.append(_path(f"M{WIDTH - RIGHT + 16} {legend_y + 9}h26", color, 3))
        layers.append(_text(label, WIDTH - RIGHT + 50, legend_y, RIGHT - 54, size=12))
    return {"version": 1, "size": [WIDTH, HEIGHT], "scale": 2, "backgroundColor": "#FFFFFF", "layers": layers}


def render(layerfx, programs, results, counts, out_png):
    """Writes the chart to out_png with `layerfx render --backend cpu`; an error message, or None."""
    chart = scene(programs, results, counts)
    if chart is None:
        return "the chart needs results at two or more counts"
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(chart, f)
        path = f.name
    try:
        done = subprocess.run([layerfx, "render", path, "--backend", "cpu", "--quiet", "-o", out_png],
                              capture_output=True, text=True)
        return None if done.returncode == 0 else done.stderr.strip()
    finally:
        os.unlink(path)
