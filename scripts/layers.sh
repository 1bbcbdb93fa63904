#!/usr/bin/env bash
# lib/ is a folder per stage of the data flow, in this order; a file may include its own
# stage's headers and those of earlier stages, never a later one's. Prints every include
# that goes back up the flow and exits 1 if there is one.
set -u
cd "$(dirname "$0")/.."
stages=(util event compile load record syscalls resolve run perfdata output query)
rank() {
	local i
	for i in "${!stages[@]}"; do
		[ "${stages[$i]}" = "$1" ] && { echo "$i"; return; }
	done
	echo -1
}
bad=0
for f in lib/*/*.[chly]; do
	own=$(basename "$(dirname "$f")")
	r=$(rank "$own")
	if [ "$r" -lt 0 ]; then
		echo "$f: folder '$own' is not a stage of the flow" && bad=1
		continue
	fi
	while IFS=: read -r line inc; do
		stage=${inc%%/*}
		[ "$stage" = "$inc" ] && continue # generated or system-relative: not a stage
		s=$(rank "$stage")
		[ "$s" -lt 0 ] && continue # include/uapi/...
		if [ "$s" -gt "$r" ]; then
			echo "$f:$line: $own includes $inc, a later stage" && bad=1
		fi
	done < <(grep -n '^#include "' "$f" | sed 's/^\([0-9]*\):#include "\([^"]*\)".*/\1:\2/')
done
[ $bad = 0 ] && echo '  LAYERS   ok'
exit $bad
