// SPDX-License-Identifier: GPL-2.0
/*
 * ptp-clock: the character device /dev/ptpN: open, ioctl, read and poll.
 *
 * The ioctls follow Linux 6.1.192 in their checks, their order and their
 * error codes.  Beyond 6.1: each open file has its own extts queue with a
 * channel mask (PTP_MASK_CLEAR_ALL, PTP_MASK_EN_SINGLE), read() honours
 * O_NONBLOCK, and poll() reports an error as soon as the clock goes away.
 */
#define pr_fmt(fmt) "ptp: " fmt

#include <linux/compat.h>
#include <linux/nospec.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <linux/ptp_clock_ext.h>

#include "ptp_private.h"

static struct ptp_clock *ctx_to_ptp(struct posix_clock_context *pccontext)
{
	return container_of(pccontext->clk, struct ptp_clock, clock);
}

static bool ctx_writable(struct posix_clock_context *pccontext)
{
	return pccontext->fp->f_mode & FMODE_WRITE;
}

/* Switch off whatever @func/@chan does, before the pin is reassigned. */
static void ptp_pinfunc_off(struct ptp_clock *ptp, enum ptp_pin_function func,
			    unsigned int chan)
{
	switch (func) {
	case PTP_PF_EXTTS:
		ptp_driver_disable(ptp, PTP_CLK_REQ_EXTTS, chan);
		break;
	case PTP_PF_PEROUT:
		ptp_driver_disable(ptp, PTP_CLK_REQ_PEROUT, chan);
		break;
	default:
		/* PTP_PF_NONE and PTP_PF_PHYSYNC have nothing to stop. */
		break;
	}
}

static int ptp_pinfunc_valid(struct ptp_clock_info *info,
			     enum ptp_pin_function func, unsigned int chan)
{
	switch (func) {
	case PTP_PF_NONE:
		return 0;
	case PTP_PF_EXTTS:
		return chan < info->n_ext_ts ? 0 : -EINVAL;
	case PTP_PF_PEROUT:
		return chan < info->n_per_out ? 0 : -EINVAL;
	case PTP_PF_PHYSYNC:
		return chan == 0 ? 0 : -EINVAL;
	default:
		return -EINVAL;
	}
}

/**
 * ptp_set_pinfunc() - assign a function and channel to a pin
 * @ptp: the clock, its pincfg_mux held
 * @pin: index of the pin, below n_pins
 * @func: the new function
 * @chan: the channel of that function
 *
 * A function/channel pair lives on one pin at most: the pin that had it
 * before loses it (set to PTP_PF_NONE), and the function the pin had is
 * switched off.
 *
 * Return: 0, -EINVAL for an invalid function or channel, -EOPNOTSUPP when
 * the driver's verify callback refuses.
 */
static int ptp_set_pinfunc(struct ptp_clock *ptp, unsigned int pin,
			   enum ptp_pin_function func, unsigned int chan)
{
	struct ptp_clock_info *info = ptp->info;
	struct ptp_pin_desc *target = &info->pin_config[pin];
	struct ptp_pin_desc *holder = NULL;
	int err, cur;

	lockdep_assert_held(&ptp->pincfg_mux);
	cur = ptp_find_pin(ptp, func, chan);
	if (cur == pin)
		return 0;
	if (cur >= 0)
		holder = &info->pin_config[cur];

	err = ptp_pinfunc_valid(info, func, chan);
	if (err)
		return err;

	if (!info->verify || info->verify(info, pin, func, chan)) {
		pr_err("driver cannot use function %u and channel %u on pin %u\n",
		       func, chan, pin);
		return -EOPNOTSUPP;
	}

	if (holder) {
		ptp_pinfunc_off(ptp, func, chan);
		holder->func = PTP_PF_NONE;
		holder->chan = 0;
	}
	ptp_pinfunc_off(ptp, target->func, target->chan);
	target->func = func;
	target->chan = chan;
	return 0;
}

/**
 * ptp_pin_read() - PTP_PIN_GETFUNC and the sysfs pin files
 * @ptp: the clock
 * @pin: index of the pin, below n_pins
 * @pd: the copy of the pin's description, taken under the pin lock
 *
 * Return: 0, or -ERESTARTSYS if a signal came while waiting for the lock.
 */
int ptp_pin_read(struct ptp_clock *ptp, unsigned int pin,
		 struct ptp_pin_desc *pd)
{
	if (mutex_lock_interruptible(&ptp->pincfg_mux))
		return -ERESTARTSYS;
	*pd = ptp->info->pin_config[pin];
	mutex_unlock(&ptp->pincfg_mux);
	return 0;
}

/**
 * ptp_request_pinfunc() - PTP_PIN_SETFUNC and the sysfs pin files
 * @ptp: the clock
 * @pin: index of the pin, below n_pins
 * @func: the new function
 * @chan: the channel of that function
 *
 * ptp_set_pinfunc() under the pin configuration lock.
 *
 * Return: 0, -ERESTARTSYS if a signal came while waiting for the lock, or
 * the error of ptp_set_pinfunc().
 */
int ptp_request_pinfunc(struct ptp_clock *ptp, unsigned int pin,
			enum ptp_pin_function func, unsigned int chan)
{
	int err;

	if (mutex_lock_interruptible(&ptp->pincfg_mux))
		return -ERESTARTSYS;
	err = ptp_set_pinfunc(ptp, pin, func, chan);
	mutex_unlock(&ptp->pincfg_mux);
	return err;
}

/**
 * ptp_request_enable() - the driver's enable, for an ioctl or sysfs request
 * @ptp: the clock
 * @rq: what to switch on or off
 * @on: 1 to switch on, 0 to switch off
 *
 * Takes the pin configuration lock, as the driver may look up its pins.
 *
 * Return: 0, -ERESTARTSYS if a signal came while waiting for the lock, or
 * the driver's error.
 */
int ptp_request_enable(struct ptp_clock *ptp, struct ptp_clock_request *rq,
		       int on)
{
	int err;

	if (mutex_lock_interruptible(&ptp->pincfg_mux))
		return -ERESTARTSYS;
	err = ptp_driver_enable(ptp, rq, on);
	mutex_unlock(&ptp->pincfg_mux);
	return err;
}

/**
 * ptp_open() - give the new file its own extts queue
 * @pccontext: the file's POSIX clock context
 * @fmode: the file's mode
 *
 * Return: 0 or -ENOMEM.
 */
int ptp_open(struct posix_clock_context *pccontext, fmode_t fmode)
{
	struct ptp_clock *ptp = ctx_to_ptp(pccontext);
	struct timestamp_event_queue *q;

	q = ptp_evq_create(ptp, task_tgid_nr(current));
	if (!q)
		return -ENOMEM;
	ptp_evq_attach(ptp, q);
	pccontext->private_clkdata = q;
	return 0;
}

/**
 * ptp_release() - drop the file's queue; also runs after unregistration
 * @pccontext: the file's POSIX clock context
 *
 * Return: 0.
 */
int ptp_release(struct posix_clock_context *pccontext)
{
	struct ptp_clock *ptp = ctx_to_ptp(pccontext);
	struct timestamp_event_queue *q = pccontext->private_clkdata;

	ptp_evq_detach(ptp, q);
	ptp_evq_free(q);
	pccontext->private_clkdata = NULL;
	return 0;
}

static int ptp_getcaps(struct ptp_clock *ptp, void __user *arg)
{
	struct ptp_clock_info *info = ptp->info;
	struct ptp_clock_caps caps = {
		.max_adj		= info->max_adj,
		.n_alarm		= info->n_alarm,
		.n_ext_ts		= info->n_ext_ts,
		.n_per_out		= info->n_per_out,
		.pps			= info->pps,
		.n_pins			= info->n_pins,
		.cross_timestamping	= !!info->getcrosststamp,
		.adjust_phase		= !!info->adjphase,
	};

	return copy_to_user(arg, &caps, sizeof(caps)) ? -EFAULT : 0;
}

static int ptp_extts_request(struct ptp_clock *ptp, unsigned int cmd,
			     void __user *arg)
{
	struct ptp_clock_request rq = { .type = PTP_CLK_REQ_EXTTS };
	struct ptp_extts_request *ex = &rq.extts;
	int err;

	if (copy_from_user(ex, arg, sizeof(*ex)))
		return -EFAULT;
	if (cmd == PTP_EXTTS_REQUEST2) {
		err = ptp_check_extts2(ex);
		if (err)
			return err;
		/* Tells the driver that the flags were checked. */
		ex->flags |= PTP_STRICT_FLAGS;
	} else {
		ex->flags &= PTP_EXTTS_V1_VALID_FLAGS;
		ex->rsv[0] = 0;
		ex->rsv[1] = 0;
	}
	if (ex->index >= ptp->info->n_ext_ts)
		return -EINVAL;
	return ptp_request_enable(ptp, &rq, !!(ex->flags & PTP_ENABLE_FEATURE));
}

static int ptp_perout_request(struct ptp_clock *ptp, unsigned int cmd,
			      void __user *arg)
{
	struct ptp_clock_request rq = { .type = PTP_CLK_REQ_PEROUT };
	struct ptp_perout_request *po = &rq.perout;
	int err;

	if (copy_from_user(po, arg, sizeof(*po)))
		return -EFAULT;
	if (cmd == PTP_PEROUT_REQUEST2) {
		err = ptp_check_perout2(po);
		if (err)
			return err;
	} else {
		po->flags &= PTP_PEROUT_V1_VALID_FLAGS;
		memset(po->rsv, 0, sizeof(po->rsv));
	}
	if (po->index >= ptp->info->n_per_out)
		return -EINVAL;
	return ptp_request_enable(ptp, &rq, po->period.sec || po->period.nsec);
}

static int ptp_enable_pps(struct ptp_clock *ptp, unsigned long on)
{
	struct ptp_clock_request rq = { .type = PTP_CLK_REQ_PPS };

	if (!capable(CAP_SYS_TIME))
		return -EPERM;
	return ptp_request_enable(ptp, &rq, on ? 1 : 0);
}

static void ptp_put_ktime(struct ptp_clock_time *dst, ktime_t t)
{
	struct timespec64 ts = ktime_to_timespec64(t);

	dst->sec = ts.tv_sec;
	dst->nsec = ts.tv_nsec;
}

static void ptp_put_ts(struct ptp_clock_time *dst, const struct timespec64 *ts)
{
	dst->sec = ts->tv_sec;
	dst->nsec = ts->tv_nsec;
}

static int ptp_sys_offset_precise(struct ptp_clock *ptp, void __user *arg)
{
	struct ptp_sys_offset_precise out = { };
	struct system_device_crosststamp xt;
	int err;

	if (!ptp->info->getcrosststamp)
		return -EOPNOTSUPP;
	err = ptp->info->getcrosststamp(ptp->info, &xt);
	if (err)
		return err;
	ptp_put_ktime(&out.device, xt.device);
	ptp_put_ktime(&out.sys_realtime, xt.sys_realtime);
	ptp_put_ktime(&out.sys_monoraw, xt.sys_monoraw);
	return copy_to_user(arg, &out, sizeof(out)) ? -EFAULT : 0;
}

static int ptp_sys_offset_extended(struct ptp_clock *ptp, void __user *arg)
{
	struct ptp_sys_offset_extended *req;
	struct ptp_system_timestamp sts;
	struct timespec64 ts;
	unsigned int i;
	int err = 0;

	if (!ptp->info->gettimex64)
		return -EOPNOTSUPP;
	req = memdup_user(arg, sizeof(*req));
	if (IS_ERR(req))
		return PTR_ERR(req);
	if (req->n_samples > PTP_MAX_SAMPLES ||
	    req->rsv[0] || req->rsv[1] || req->rsv[2]) {
		err = -EINVAL;
		goto free;
	}
	for (i = 0; i < req->n_samples; i++) {
		/* Zero, not stack garbage, where a driver fills nothing. */
		memset(&sts, 0, sizeof(sts));
		err = ptp->info->gettimex64(ptp->info, &ts, &sts);
		if (err)
			goto free;
		ptp_put_ts(&req->ts[i][0], &sts.pre_ts);
		ptp_put_ts(&req->ts[i][1], &ts);
		ptp_put_ts(&req->ts[i][2], &sts.post_ts);
	}
	if (copy_to_user(arg, req, sizeof(*req)))
		err = -EFAULT;
free:
	kfree(req);
	return err;
}

static int ptp_sys_offset(struct ptp_clock *ptp, void __user *arg)
{
	struct ptp_sys_offset *req;
	struct ptp_clock_time *slot;
	struct timespec64 ts;
	unsigned int i;
	int err = 0;

	req = memdup_user(arg, sizeof(*req));
	if (IS_ERR(req))
		return PTR_ERR(req);
	if (req->n_samples > PTP_MAX_SAMPLES) {
		err = -EINVAL;
		goto free;
	}
	/* System time, clock time, ..., system time: 2 * n + 1 stamps. */
	slot = req->ts;
	for (i = 0; i < req->n_samples; i++) {
		ktime_get_real_ts64(&ts);
		ptp_put_ts(slot++, &ts);
		err = ptp_read_time(ptp, &ts, NULL);
		if (err)
			goto free;
		ptp_put_ts(slot++, &ts);
	}
	ktime_get_real_ts64(&ts);
	ptp_put_ts(slot, &ts);
	if (copy_to_user(arg, req, sizeof(*req)))
		err = -EFAULT;
free:
	kfree(req);
	return err;
}

/*
 * Read a pin descriptor for PIN_GETFUNC/SETFUNC: the v2 commands insist on
 * zero reserved fields, v1 ignores them.  Returns the pin index or -errno.
 */
static int ptp_get_pin_desc(struct ptp_clock *ptp, bool v2, void __user *arg,
			    struct ptp_pin_desc *pd)
{
	if (copy_from_user(pd, arg, sizeof(*pd)))
		return -EFAULT;
	if (v2 && memchr_inv(pd->rsv, 0, sizeof(pd->rsv)))
		return -EINVAL;
	memset(pd->rsv, 0, sizeof(pd->rsv));
	if (pd->index >= ptp->info->n_pins)
		return -EINVAL;
	return array_index_nospec(pd->index, ptp->info->n_pins);
}

static int ptp_pin_getfunc(struct ptp_clock *ptp, bool v2, void __user *arg)
{
	struct ptp_pin_desc pd;
	int pin, err;

	pin = ptp_get_pin_desc(ptp, v2, arg, &pd);
	if (pin < 0)
		return pin;
	err = ptp_pin_read(ptp, pin, &pd);
	if (err)
		return err;
	return copy_to_user(arg, &pd, sizeof(pd)) ? -EFAULT : 0;
}

static int ptp_pin_setfunc(struct ptp_clock *ptp, bool v2, void __user *arg)
{
	struct ptp_pin_desc pd;
	int pin;

	pin = ptp_get_pin_desc(ptp, v2, arg, &pd);
	if (pin < 0)
		return pin;
	return ptp_request_pinfunc(ptp, pin, pd.func, pd.chan);
}

static int ptp_mask_en_single(struct ptp_clock *ptp, struct timestamp_event_queue *q,
			      void __user *arg)
{
	unsigned int chan;

	if (copy_from_user(&chan, arg, sizeof(chan)))
		return -EFAULT;
	return ptp_evq_mask_set(ptp, q, chan);
}

/**
 * ptp_ioctl() - the ioctls of /dev/ptpN
 * @pccontext: the file's POSIX clock context
 * @cmd: the command
 * @arg: its argument
 *
 * Return: 0 or a negative error code; -ENOTTY for an unknown command.
 */
long ptp_ioctl(struct posix_clock_context *pccontext, unsigned int cmd,
	       unsigned long arg)
{
	struct ptp_clock *ptp = ctx_to_ptp(pccontext);
	void __user *uarg;

	if (in_compat_syscall() && cmd != PTP_ENABLE_PPS &&
	    cmd != PTP_ENABLE_PPS2)
		arg = (unsigned long)compat_ptr(arg);
	uarg = (void __user *)arg;

	switch (cmd) {
	case PTP_CLOCK_GETCAPS:
	case PTP_CLOCK_GETCAPS2:
		return ptp_getcaps(ptp, uarg);

	case PTP_EXTTS_REQUEST:
	case PTP_EXTTS_REQUEST2:
		if (!ctx_writable(pccontext))
			return -EACCES;
		return ptp_extts_request(ptp, cmd, uarg);

	case PTP_PEROUT_REQUEST:
	case PTP_PEROUT_REQUEST2:
		if (!ctx_writable(pccontext))
			return -EACCES;
		return ptp_perout_request(ptp, cmd, uarg);

	case PTP_ENABLE_PPS:
	case PTP_ENABLE_PPS2:
		if (!ctx_writable(pccontext))
			return -EACCES;
		return ptp_enable_pps(ptp, arg);

	case PTP_SYS_OFFSET_PRECISE:
	case PTP_SYS_OFFSET_PRECISE2:
		return ptp_sys_offset_precise(ptp, uarg);

	case PTP_SYS_OFFSET_EXTENDED:
	case PTP_SYS_OFFSET_EXTENDED2:
		return ptp_sys_offset_extended(ptp, uarg);

	case PTP_SYS_OFFSET:
	case PTP_SYS_OFFSET2:
		return ptp_sys_offset(ptp, uarg);

	case PTP_PIN_GETFUNC:
	case PTP_PIN_GETFUNC2:
		return ptp_pin_getfunc(ptp, cmd == PTP_PIN_GETFUNC2, uarg);

	case PTP_PIN_SETFUNC:
	case PTP_PIN_SETFUNC2:
		if (!ctx_writable(pccontext))
			return -EACCES;
		return ptp_pin_setfunc(ptp, cmd == PTP_PIN_SETFUNC2, uarg);

	case PTP_MASK_CLEAR_ALL:
		return ptp_evq_mask_clear(ptp, pccontext->private_clkdata);

	case PTP_MASK_EN_SINGLE:
		return ptp_mask_en_single(ptp, pccontext->private_clkdata, uarg);

	default:
		return -ENOTTY;
	}
}

static bool ptp_gone(struct ptp_clock *ptp)
{
	return READ_ONCE(ptp->defunct);
}

/**
 * ptp_poll() - readable when the file's queue holds events
 * @pccontext: the file's POSIX clock context
 * @fp: the file
 * @wait: the poll table
 *
 * Return: EPOLLIN with events queued, EPOLLERR once the clock is going
 * away (6.1 can sleep forever there), else 0.
 */
__poll_t ptp_poll(struct posix_clock_context *pccontext, struct file *fp,
		  poll_table *wait)
{
	struct ptp_clock *ptp = ctx_to_ptp(pccontext);
	struct timestamp_event_queue *q = pccontext->private_clkdata;

	poll_wait(fp, &q->wq, wait);
	/* Joined before the checks: pairs with ptp_evq_post()'s barrier. */
	smp_mb();
	if (ptp_gone(ptp))
		return EPOLLERR;
	return ptp_evq_pending(q) ? EPOLLIN : 0;
}

/**
 * ptp_read() - read whole struct ptp_extts_event records
 * @pccontext: the file's POSIX clock context
 * @flags: the file's flags (O_NONBLOCK)
 * @buf: user buffer
 * @cnt: its size, a multiple of the event size
 *
 * Blocks until the file's queue has an event, unless O_NONBLOCK.
 *
 * Return: bytes read; -EINVAL for a partial record size, -EAGAIN,
 * -ERESTARTSYS, or -ENODEV once the clock is being unregistered.
 */
ssize_t ptp_read(struct posix_clock_context *pccontext, uint flags,
		 char __user *buf, size_t cnt)
{
	struct ptp_clock *ptp = ctx_to_ptp(pccontext);
	struct timestamp_event_queue *q = pccontext->private_clkdata;
	struct ptp_extts_event *events;
	unsigned int want, got;
	ssize_t ret;

	if (cnt % sizeof(*events))
		return -EINVAL;
	want = min_t(size_t, cnt / sizeof(*events), PTP_READ_MAX_EVENTS);

	events = kmalloc_array(PTP_READ_MAX_EVENTS, sizeof(*events),
			       GFP_KERNEL);
	if (!events)
		return -ENOMEM;

	for (;;) {
		if (!(flags & O_NONBLOCK) &&
		    wait_event_interruptible(q->wq, ptp_gone(ptp) ||
					     ptp_evq_pending(q))) {
			ret = -ERESTARTSYS;
			goto free;
		}
		if (ptp_gone(ptp)) {
			ret = -ENODEV;
			goto free;
		}
		got = ptp_evq_take(ptp, q, events, want);
		/* Another reader of this file may have emptied the queue. */
		if (got || !want)
			break;
		if (flags & O_NONBLOCK) {
			ret = -EAGAIN;
			goto free;
		}
	}

	ret = got * sizeof(*events);
	if (copy_to_user(buf, events, ret))
		ret = -EFAULT;
free:
	kfree(events);
	return ret;
}
