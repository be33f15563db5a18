#!/bin/bash
# Renders Examples/typing-dots.json (2 s at 12 fps: frames 0000-0023) in 4
# shards as a Slurm job array; docs/batch.md explains it. Submit from the
# repository root (the scene path is relative to it), with OUT a folder that
# every node can write:
#
#   OUT=$PWD/frames sbatch Examples/slurm/render-array.sh
#
# Slurm runs this script once per array task with SLURM_ARRAY_TASK_ID,
# SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT set; `--shard auto` makes
# task i shard i-MIN+1 of COUNT (so keep --array a plain range A-B, a %M
# limit is fine). A requeued or rerun task resumes with --skip-existing:
# frames are renamed into place whole, so an existing frame is a finished
# one. --backend cpu draws the same pixels on every node, GPU or not.
#SBATCH --job-name=layerfx-render
#SBATCH --array=0-3
#SBATCH --cpus-per-task=2
#SBATCH --time=00:10:00
#SBATCH --requeue
#SBATCH --output=layerfx-render-%A_%a.log
set -euo pipefail
OUT="${OUT:-$PWD/frames}"
mkdir -p "$OUT"
layerfx render Examples/typing-dots.json --from 0 --to 2 --fps 12 --scale 0.5 --backend cpu --shard auto --skip-existing --quiet -o "$OUT/%04d.png"
