#!/usr/bin/env bash
# Ctrl-C as at a terminal: the workload's own SIGINT handling runs and its exit status is
# perf-bpf's. Also kill -INT of perf-bpf alone (forwarded to the workload), and a workload
# that ignores SIGINT (a second SIGINT stops it).
source "$(dirname "$0")/lib.sh"
need_root
cat >"$T/work.sh" <<'SH'
#!/bin/bash
sleep 60 </dev/null >/dev/null 2>&1 &
echo $! >>"$2/sleepers"
if [ "$1" = ignore ]; then trap '' INT; else trap 'echo got-INT >>"$2/trap.log"; exit 5' INT; fi
: >"$2/ready"
wait
SH
chmod +x "$T/work.sh"
on_exit 'kill $(cat "$T/sleepers" 2>/dev/null) 2>/dev/null'

# run.py MODE: runs record with the workload, stops it as MODE says, prints the exit status
cat >"$T/run.py" <<'PY'
import os, pty, signal, subprocess, sys, time
mode, pb, d = sys.argv[1], sys.argv[2], sys.argv[3]
argv = [pb, "record", "-o", d + "/out.data", "-e", "cpu-clock", "--", d + "/work.sh",
        "ignore" if mode == "twice" else "trap", d]
def wait_ready():
    for _ in range(600):
        if os.path.exists(d + "/ready"):
            return
        time.sleep(0.1)
    sys.exit("the workload did not start")
if mode == "terminal":
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(pb, argv)
    wait_ready()
    os.write(fd, b"\x03")  # the terminal sends SIGINT to perf-bpf and the workload
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    sys.stderr.write(out.decode(errors="replace"))
    print(os.waitstatus_to_exitcode(status))
else:
    p = subprocess.Popen(argv, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    wait_ready()
    os.kill(p.pid, signal.SIGINT)  # perf-bpf alone: the workload gets it forwarded
    if mode == "twice":
        time.sleep(0.2)
        os.kill(p.pid, signal.SIGINT)
    print(p.wait())
PY

rm -f "$T/ready" "$T/trap.log"
status=$(python3 "$T/run.py" terminal "$PERF_BPF" "$T" 2>"$T/err") || fail "run.py: $(cat "$T/err")"
expect_eq "exit status after Ctrl-C" 5 "$status"
expect_eq "the workload's INT trap ran once" "got-INT" "$(cat "$T/trap.log" 2>/dev/null)"
grep -q 'Captured and wrote' "$T/err" || fail "no summary after Ctrl-C: $(cat "$T/err")"
"$PERF_BPF" script -i "$T/out.data" >/dev/null || fail "the recording does not read"

rm -f "$T/ready" "$T/trap.log"
status=$(python3 "$T/run.py" direct "$PERF_BPF" "$T" 2>"$T/err") || fail "run.py: $(cat "$T/err")"
expect_eq "exit status after kill -INT of perf-bpf" 5 "$status"
expect_eq "the forwarded SIGINT ran the trap once" "got-INT" "$(cat "$T/trap.log" 2>/dev/null)"

rm -f "$T/ready"
status=$(python3 "$T/run.py" twice "$PERF_BPF" "$T" 2>"$T/err") || fail "run.py: $(cat "$T/err")"
expect_eq "exit status of a workload that ignores SIGINT, stopped" 143 "$status"
exit 0
