// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_dummy: the knobs and the debugfs files of each clock, in
 * /sys/kernel/debug/ptp_dummy/<device>/.  dummy_params[] is the one list
 * of the knobs: their files, ranges and defaults (docs/ptp_dummy.md has
 * the same table, and tests-host checks that they agree).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>

#include "ptp_dummy.h"

const struct dummy_param_desc dummy_params[N_PARAMS] = {
	[P_FREQ_ERROR]	  = { "freq_error_ppb", -DUMMY_MAX_ERROR_PPB, DUMMY_MAX_ERROR_PPB, 0 },
	[P_WANDER]	  = { "wander_ppb", 0, 10000000, 0 },
	[P_WANDER_MAX]	  = { "wander_max_ppb", 0, DUMMY_MAX_ERROR_PPB, 100000 },
	[P_SEED]	  = { "seed", 0, S64_MAX, 1 },
	[P_JITTER]	  = { "jitter_ns", 0, NSEC_PER_SEC, 0 },
	[P_STEP_NS]	  = { "step_ns", -1000LL * NSEC_PER_SEC, 1000LL * NSEC_PER_SEC, 0 },
	[P_STEP_INTERVAL] = { "step_interval_ms", 0, 86400000, 0 },
	[P_SLEW]	  = { "slew_ppb", 1, DUMMY_MAX_ERROR_PPB, 1000000 },
	[P_LOOPBACK]	  = { "loopback", 0, 3, 0 },
	[P_GEN_PERIOD]	  = { "gen_period_ns", 0, 1000LL * NSEC_PER_SEC, 0 },
	[P_GEN_WIDTH]	  = { "gen_width_ns", 0, 1000LL * NSEC_PER_SEC, 0 },
	[P_GEN_CHANNELS]  = { "gen_channels", 0, 3, 1 },
	[P_NO_SYS_TS]	  = { "no_sys_ts", 0, 1, 0 },
	[P_FAIL_GETTIME]  = { "fail_gettime", 0, INT_MAX, 0 },
	[P_FAIL_CYCLES]	  = { "fail_getcycles", 0, INT_MAX, 0 },
	[P_FAIL_SETTIME]  = { "fail_settime", 0, INT_MAX, 0 },
	[P_FAIL_ADJFINE]  = { "fail_adjfine", 0, INT_MAX, 0 },
	[P_FAIL_ENABLE]	  = { "fail_enable", 0, INT_MAX, 0 },
	[P_FAIL_ERRNO]	  = { "fail_errno", 1, 4095, EIO },
	[P_FAIL_SKIP]	  = { "fail_skip", 0, INT_MAX, 0 },
	[P_AUX_RESCHED]	  = { "aux_resched", 0, 1, 0 },
	[P_SLOW_MS]	  = { "slow_ms", 0, 10000, 0 },
};

static int dummy_param_get(void *data, u64 *val)
{
	struct dummy_param_ref *ref = data;
	unsigned long flags;

	spin_lock_irqsave(&ref->dc->lock, flags);
	*val = ref->dc->param[ref->id];
	spin_unlock_irqrestore(&ref->dc->lock, flags);
	return 0;
}

static int dummy_param_set(void *data, u64 val)
{
	struct dummy_param_ref *ref = data;

	return dummy_set_param(ref->dc, ref->id, (s64)val);
}

DEFINE_DEBUGFS_ATTRIBUTE_SIGNED(dummy_param_fops, dummy_param_get,
				dummy_param_set, "%lld\n");

static int dummy_state_show(struct seq_file *s, void *unused)
{
	struct dummy_clock *dc = s->private;
	const struct dummy_model *m = &dc->model;
	unsigned long flags;
	unsigned int i;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	seq_printf(s, "time_ns %lld\n", dummy_ns_at(m, raw, NULL));
	seq_printf(s, "cycles_ns %llu\n", dummy_cyc_at(m, raw, NULL));
	seq_printf(s, "addend %u\n", dc->addend);
	seq_printf(s, "addend_nominal %u\n", DUMMY_ADD_NOMINAL);
	seq_printf(s, "addend_effective %u\n", m->eff);
	seq_printf(s, "scaled_ppm %ld\n", dc->scaled_ppm);
	seq_printf(s, "wander_now_ppb %lld\n", dc->wander);
	seq_printf(s, "slew_left_ns %lld\n",
		   m->slew_left - dummy_slewed(m, dummy_since(m, raw)));
	seq_printf(s, "steps %llu\n", dc->steps);
	seq_printf(s, "aux_runs %llu\n", dc->aux_runs);
	seq_printf(s, "pps %d %llu %llu\n", dc->pps_on, dc->pps_count,
		   dc->pps_missed);
	seq_printf(s, "gen %d %llu %llu\n", dc->gen_on, dc->gen_edges,
		   dc->gen_missed);
	for (i = 0; i < DUMMY_N_TRIGGERS; i++)
		seq_printf(s, "extts%u %u %llu\n", i, dc->extts_edges[i],
			   dc->extts_count[i]);
	for (i = 0; i < DUMMY_N_FIPERS; i++)
		seq_printf(s, "perout%u %d %llu %llu\n", i, dc->fiper[i].pt.armed,
			   dc->fiper[i].edges, dc->fiper[i].missed);
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(dummy_state);

static int dummy_alarm_show(struct seq_file *s, void *unused)
{
	struct dummy_alarm *al = s->private;
	struct dummy_clock *dc = al->pt.dc;
	unsigned long flags;

	spin_lock_irqsave(&dc->lock, flags);
	seq_printf(s, "armed %d\ntarget %lld\nfired %llu\nfired_at %lld\n",
		   al->pt.armed, al->pt.when, al->fired, al->fired_at);
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

static int dummy_alarm_open(struct inode *inode, struct file *file)
{
	return single_open(file, dummy_alarm_show, inode->i_private);
}

/* Copy a short command of @len bytes from @ubuf into @buf, trimmed. */
static char *dummy_user_line(char *buf, size_t size, const char __user *ubuf,
			     size_t len)
{
	if (len >= size)
		return ERR_PTR(-EINVAL);
	if (copy_from_user(buf, ubuf, len))
		return ERR_PTR(-EFAULT);
	buf[len] = '\0';
	return strim(buf);
}

/* "<ns>" arms at that clock time, "+<ns>" that far from now, "off" stops. */
static ssize_t dummy_alarm_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	struct dummy_alarm *al = file_inode(file)->i_private;
	bool relative = false;
	char buf[32], *p;
	s64 when;
	int err;

	p = dummy_user_line(buf, sizeof(buf), ubuf, len);
	if (IS_ERR(p))
		return PTR_ERR(p);
	if (!strcmp(p, "off")) {
		dummy_alarm_disarm(al);
		return len;
	}
	if (*p == '+') {
		relative = true;
		p++;
		/* "+<ns>": no second sign. */
		if (*p == '+' || *p == '-')
			return -EINVAL;
	}
	err = kstrtos64(p, 0, &when);
	if (!err)
		err = dummy_alarm_arm(al, when, relative);
	return err ? err : len;
}

static const struct file_operations dummy_alarm_fops = {
	.owner		= THIS_MODULE,
	.open		= dummy_alarm_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= dummy_alarm_write,
};

/* "<chan>" or "<chan> rising|falling": an edge on a trigger input, now. */
static ssize_t dummy_trigger_write(struct file *file, const char __user *ubuf,
				   size_t len, loff_t *ppos)
{
	struct dummy_clock *dc = file_inode(file)->i_private;
	char buf[32], *p, *edge;
	bool rising = true;
	unsigned int chan;
	int err;

	p = dummy_user_line(buf, sizeof(buf), ubuf, len);
	if (IS_ERR(p))
		return PTR_ERR(p);
	edge = strchr(p, ' ');
	if (edge) {
		*edge++ = '\0';
		edge = strim(edge);
		if (!strcmp(edge, "falling"))
			rising = false;
		else if (strcmp(edge, "rising"))
			return -EINVAL;
	}
	err = kstrtouint(p, 0, &chan);
	if (err)
		return err;
	if (chan >= DUMMY_N_TRIGGERS)
		return -EINVAL;
	dummy_trigger(dc, chan, rising);
	return len;
}

static const struct file_operations dummy_trigger_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.write		= dummy_trigger_write,
	.llseek		= no_llseek,
};

/* "1": every knob back to its default and the alarms off. */
static ssize_t dummy_reset_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	struct dummy_clock *dc = file_inode(file)->i_private;
	char buf[8], *p;

	p = dummy_user_line(buf, sizeof(buf), ubuf, len);
	if (IS_ERR(p))
		return PTR_ERR(p);
	if (strcmp(p, "1"))
		return -EINVAL;
	dummy_reset(dc);
	return len;
}

static const struct file_operations dummy_reset_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.write		= dummy_reset_write,
	.llseek		= no_llseek,
};

/**
 * dummy_debugfs_init() - create the debugfs files of a clock
 * @dc:		the clock
 * @root:	the driver's debugfs directory
 *
 * The files live in dc->dbg until debugfs_remove_recursive(); a failure
 * leaves the clock without them, as debugfs is not required.
 */
void dummy_debugfs_init(struct dummy_clock *dc, struct dentry *root)
{
	unsigned int i;

	dc->dbg = debugfs_create_dir(dev_name(&dc->pdev->dev), root);
	for (i = 0; i < N_PARAMS; i++) {
		dc->refs[i].dc = dc;
		dc->refs[i].id = i;
		debugfs_create_file_unsafe(dummy_params[i].name, 0600, dc->dbg,
					   &dc->refs[i], &dummy_param_fops);
	}
	debugfs_create_file("state", 0400, dc->dbg, dc, &dummy_state_fops);
	debugfs_create_file("alarm1", 0600, dc->dbg, &dc->alarm[0],
			    &dummy_alarm_fops);
	debugfs_create_file("alarm2", 0600, dc->dbg, &dc->alarm[1],
			    &dummy_alarm_fops);
	debugfs_create_file("trigger", 0200, dc->dbg, dc, &dummy_trigger_fops);
	debugfs_create_file("reset", 0200, dc->dbg, dc, &dummy_reset_fops);
}

/**
 * dummy_debugfs_counters() - the module's own files in its debugfs root
 * @root: /sys/kernel/debug/ptp_dummy
 *
 * Counters over every clock, kept when a clock is removed: callbacks the
 * core made after ptp_clock_unregister() returned (late_calls, must stay
 * 0), events the core switched off while a clock was being removed
 * (remove_disables), and the PPS events of late_pps_ms after
 * ptp_clock_unregister() returned (late_pps).
 */
void dummy_debugfs_counters(struct dentry *root)
{
	debugfs_create_atomic_t("late_calls", 0400, root, &dummy_late_calls);
	debugfs_create_atomic_t("remove_disables", 0400, root,
				&dummy_remove_disables);
	debugfs_create_atomic_t("late_pps", 0400, root, &dummy_late_pps);
}
