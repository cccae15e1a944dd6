#!/usr/bin/env bash
# Installs the optional Debian packages slitherbench can use. Everything works without them; each one
# missing is reported by the command that would use it.
#   fonts-dejavu-core  text in PNG charts        chromium     the report's browser test
#   sgt-puzzles        Loopy-graded datasets     cadical, minisat, cryptominisat  native SAT engines
# `setup-system.sh slurm` (npm run setup:slurm) installs instead what `bench --slurm` and
# `npm run test:slurm` need: slurm-wlm (slurmctld, slurmd, sbatch) and munge.
set -u
packages=(fonts-dejavu-core sgt-puzzles cadical minisat cryptominisat chromium)
[ "${1:-}" = "slurm" ] && packages=(slurm-wlm munge)
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-system: no apt-get here; install these yourself if you want them: ${packages[*]}"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -eq 0 ]; then echo "setup-system: all optional packages present"; exit 0; fi
echo "setup-system: installing ${missing[*]}"
$sudo apt-get update -qq >/dev/null 2>&1 || echo "setup-system: apt-get update failed (offline?)"
for p in "${missing[@]}"; do
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$p" >/dev/null 2>&1 \
    && echo "setup-system: installed $p" || echo "setup-system: could not install $p (optional; the features that need it will say so)"
done
exit 0
