#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# /sys/class/ptp/ptpN: every 6.1 attribute, its mode, its value (against
# GETCAPS) and whether it is shown at all, for the dummy and for the
# in-tree e1000e driver; the error paths of the writable attributes.
# timeout: 1200
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

# The modes of a clock's files, from one stat (not one per file).
declare -A MODES
load_modes() {
	local n m
	MODES=()
	while read -r n m; do
		MODES[$n]=$m
	done < <(stat -c '%n %a' "$1"/* "$1"/pins/* 2>/dev/null)
}
mode_of() { echo "${MODES[$1]:-absent}"; }

check_clock() {
	local dev=$1 what=$2 d caps v f
	d=$(sysdir "$dev")
	load_modes "$d"
	caps=$(core_ptp "$dev" caps 1)
	case $caps in OK*) ok 0 "$what: GETCAPS" ;; *) ok 1 "$what: GETCAPS ($caps)"; return ;; esac
	is "$(mode_of "$d/clock_name")" 444 "$what: clock_name is 0444"
	for f in max_adjustment:max_adj n_alarms:n_alarm \
		 n_external_timestamps:n_ext_ts n_periodic_outputs:n_per_out \
		 n_programmable_pins:n_pins pps_available:pps; do
		is "$(mode_of "$d/${f%%:*}")" 444 "$what: ${f%%:*} is 0444"
		is "$(< "$d/${f%%:*}")" "$(caps_of "$dev" "${f#*:}")" \
			"$what: ${f%%:*} equals caps ${f#*:}"
	done
	is "$(mode_of "$d/n_vclocks")" 644 "$what: n_vclocks is 0644"
	is "$(mode_of "$d/max_vclocks")" 644 "$what: max_vclocks is 0644"
	is "$(< "$d/n_vclocks")" 0 "$what: n_vclocks reads 0"
	is "$(< "$d/max_vclocks")" 20 "$what: max_vclocks reads 20"

	# Control files exist exactly when the clock has the feature.
	local ext per pps pins want
	ext=$(caps_of "$dev" n_ext_ts); per=$(caps_of "$dev" n_per_out)
	pps=$(caps_of "$dev" pps); pins=$(caps_of "$dev" n_pins)
	want=absent; [ "$ext" -gt 0 ] && want=220
	is "$(mode_of "$d/extts_enable")" $want "$what: extts_enable ($ext channels)"
	want=absent; [ "$ext" -gt 0 ] && want=444
	is "$(mode_of "$d/fifo")" $want "$what: fifo ($ext channels)"
	want=absent; [ "$per" -gt 0 ] && want=220
	is "$(mode_of "$d/period")" $want "$what: period ($per outputs)"
	want=absent; [ "$pps" -gt 0 ] && want=220
	is "$(mode_of "$d/pps_enable")" $want "$what: pps_enable (pps=$pps)"
	if [ "$pins" -gt 0 ]; then
		is "$(ls "$d/pins" | wc -l)" "$pins" "$what: pins/ has $pins files"
		for f in "$d"/pins/*; do
			v=$(< "$f")
			case $v in
			[0-9]*" "[0-9]*) ok 0 "$what: pins/${f##*/} reads '$v'" ;;
			*) ok 1 "$what: pins/${f##*/} reads '$v'" ;;
			esac
			is "$(mode_of "$f")" 644 "$what: pins/${f##*/} is 0644"
		done
	else
		[ ! -e "$d/pins" ]; ok $? "$what: no pins/ directory without pins"
	fi

	# Error paths of the writable files (6.1's checks, in its order).
	is "$(sysfs_write "$d/n_vclocks" x)" EINVAL "$what: n_vclocks 'x'"
	is "$(sysfs_write "$d/n_vclocks" 21)" EINVAL "$what: n_vclocks above max_vclocks"
	is "$(sysfs_write "$d/max_vclocks" 0)" EINVAL "$what: max_vclocks 0"
	is "$(sysfs_write "$d/max_vclocks" 20)" OK "$what: max_vclocks unchanged"
	is "$(sysfs_write "$d/max_vclocks" 99999999999)" EINVAL "$what: max_vclocks beyond u32"
	# The limit is KMALLOC_MAX_SIZE / sizeof(int): 4 MiB / 4 on x86_64.
	is "$(sysfs_write "$d/max_vclocks" 1048577)" EINVAL "$what: max_vclocks above its limit"
	is "$(sysfs_write "$d/max_vclocks" 1048576)" OK "$what: max_vclocks at its limit"
	is "$(< "$d/max_vclocks")" 1048576 "$what: max_vclocks reads 1048576"
	is "$(sysfs_write "$d/max_vclocks" 20)" OK "$what: max_vclocks back to 20"
	if [ "$ext" -gt 0 ]; then
		is "$(sysfs_write "$d/extts_enable" "$ext 1")" EINVAL "$what: extts_enable channel $ext"
		is "$(sysfs_write "$d/extts_enable" "0")" EINVAL "$what: extts_enable without enable"
		is "$(< "$d/fifo")" "" "$what: fifo empty"
	fi
	if [ "$per" -gt 0 ]; then
		is "$(sysfs_write "$d/period" "$per 0 0 1 0")" EINVAL "$what: period channel $per"
		is "$(sysfs_write "$d/period" "0 0 0 1")" EINVAL "$what: period with 4 numbers"
	fi
	if [ "$pps" -gt 0 ]; then
		is "$(sysfs_write "$d/pps_enable" "x")" EINVAL "$what: pps_enable 'x'"
		is "$(result write "$(core_ptp "$dev" dropcaps , write "$d/pps_enable" 1)")" EPERM \
			"$what: pps_enable needs CAP_SYS_TIME"
	fi
	if [ "$pins" -gt 0 ]; then
		f=$(ls "$d/pins" | head -n 1)
		is "$(sysfs_write "$d/pins/$f" "1")" EINVAL "$what: pins/$f with one number"
		is "$(sysfs_write "$d/pins/$f" "9 0")" EINVAL "$what: pins/$f function 9"
	fi
}

dummy=$(ptp_dev_by_name ptp_dummy.0)
if [ -n "$dummy" ]; then
	is "$(cat "$(sysdir "$dummy")/clock_name")" ptp_dummy.0 "dummy: clock_name"
	check_clock "$dummy" dummy
else
	skip "no ptp_dummy loaded" "dummy clock attributes"
fi
e1000e=$(ptp_dev_e1000e)
if [ -n "$e1000e" ]; then
	check_clock "$e1000e" e1000e
else
	skip "no e1000e clock" "e1000e clock attributes"
fi
[ -n "$dummy$e1000e" ]; ok $? "at least one clock to check"
done_testing
