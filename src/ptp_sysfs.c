// SPDX-License-Identifier: GPL-2.0
/*
 * ptp-clock: /sys/class/ptp/ptpN attributes, as Linux 6.1 shows them:
 * capabilities, extts/periodic output/PPS control, the extts fifo,
 * virtual clocks and one file per programmable pin.
 */
#define pr_fmt(fmt) "ptp: " fmt

#include <linux/capability.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#include "ptp_private.h"

/* 6.1's mode of its control files: writable by owner and group. */
#define PTP_CTRL_MODE	0220

static struct ptp_clock *dev_to_ptp(struct device *dev)
{
	return dev_get_drvdata(dev);
}

static ssize_t clock_name_show(struct device *dev,
			       struct device_attribute *attr, char *page)
{
	return sysfs_emit(page, "%s\n", dev_to_ptp(dev)->info->name);
}
static DEVICE_ATTR_RO(clock_name);

/* Read-only integer capabilities of the driver. */
static ssize_t max_adjustment_show(struct device *dev,
				   struct device_attribute *attr, char *page)
{
	return sysfs_emit(page, "%d\n", dev_to_ptp(dev)->info->max_adj);
}
static DEVICE_ATTR_RO(max_adjustment);

static ssize_t n_alarms_show(struct device *dev,
			     struct device_attribute *attr, char *page)
{
	return sysfs_emit(page, "%d\n", dev_to_ptp(dev)->info->n_alarm);
}
static DEVICE_ATTR_RO(n_alarms);

static ssize_t n_external_timestamps_show(struct device *dev,
					  struct device_attribute *attr,
					  char *page)
{
	return sysfs_emit(page, "%d\n", dev_to_ptp(dev)->info->n_ext_ts);
}
static DEVICE_ATTR_RO(n_external_timestamps);

static ssize_t n_periodic_outputs_show(struct device *dev,
				       struct device_attribute *attr,
				       char *page)
{
	return sysfs_emit(page, "%d\n", dev_to_ptp(dev)->info->n_per_out);
}
static DEVICE_ATTR_RO(n_periodic_outputs);

static ssize_t n_programmable_pins_show(struct device *dev,
					struct device_attribute *attr,
					char *page)
{
	return sysfs_emit(page, "%d\n", dev_to_ptp(dev)->info->n_pins);
}
static DEVICE_ATTR_RO(n_programmable_pins);

static ssize_t pps_available_show(struct device *dev,
				  struct device_attribute *attr, char *page)
{
	return sysfs_emit(page, "%d\n", dev_to_ptp(dev)->info->pps);
}
static DEVICE_ATTR_RO(pps_available);

static ssize_t extts_enable_store(struct device *dev,
				  struct device_attribute *attr,
				  const char *buf, size_t count)
{
	struct ptp_clock *ptp = dev_to_ptp(dev);
	struct ptp_clock_request rq = { .type = PTP_CLK_REQ_EXTTS };
	int on, err;

	if (ptp_parse_extts_enable(buf, &rq.extts.index, &on) ||
	    rq.extts.index >= ptp->info->n_ext_ts)
		return -EINVAL;
	err = ptp_request_enable(ptp, &rq, on ? 1 : 0);
	return err ? err : count;
}
static DEVICE_ATTR(extts_enable, PTP_CTRL_MODE, NULL, extts_enable_store);

/* One event of the clock's own queue per read, "" when empty. */
static ssize_t fifo_show(struct device *dev, struct device_attribute *attr,
			 char *page)
{
	struct ptp_clock *ptp = dev_to_ptp(dev);
	struct ptp_extts_event ev;

	if (!ptp_evq_take(ptp, ptp->sysfs_queue, &ev, 1))
		return 0;
	return sysfs_emit(page, "%u %lld %u\n", ev.index, ev.t.sec, ev.t.nsec);
}
static DEVICE_ATTR_RO(fifo);

static ssize_t period_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct ptp_clock *ptp = dev_to_ptp(dev);
	struct ptp_clock_request rq = { .type = PTP_CLK_REQ_PEROUT };
	struct ptp_perout_request *po = &rq.perout;
	int err;

	if (ptp_parse_period(buf, po) || po->index >= ptp->info->n_per_out)
		return -EINVAL;
	err = ptp_request_enable(ptp, &rq, po->period.sec || po->period.nsec);
	return err ? err : count;
}
static DEVICE_ATTR(period, PTP_CTRL_MODE, NULL, period_store);

static ssize_t pps_enable_store(struct device *dev,
				struct device_attribute *attr,
				const char *buf, size_t count)
{
	struct ptp_clock_request rq = { .type = PTP_CLK_REQ_PPS };
	int on, err;

	if (!capable(CAP_SYS_TIME))
		return -EPERM;
	if (ptp_parse_pps_enable(buf, &on))
		return -EINVAL;
	err = ptp_request_enable(dev_to_ptp(dev), &rq, on ? 1 : 0);
	return err ? err : count;
}
static DEVICE_ATTR(pps_enable, PTP_CTRL_MODE, NULL, pps_enable_store);

static ssize_t n_vclocks_show(struct device *dev,
			      struct device_attribute *attr, char *page)
{
	struct ptp_clock *ptp = dev_to_ptp(dev);
	unsigned int n;

	if (mutex_lock_interruptible(&ptp->vclock_mux))
		return -ERESTARTSYS;
	n = ptp->n_vclocks;
	mutex_unlock(&ptp->vclock_mux);
	return sysfs_emit(page, "%u\n", n);
}

static ssize_t n_vclocks_store(struct device *dev,
			       struct device_attribute *attr,
			       const char *buf, size_t count)
{
	u32 num;
	int err;

	if (kstrtou32(buf, 0, &num))
		return -EINVAL;
	err = ptp_vclocks_resize(dev_to_ptp(dev), num);
	return err ? err : count;
}
static DEVICE_ATTR_RW(n_vclocks);

static ssize_t max_vclocks_show(struct device *dev,
				struct device_attribute *attr, char *page)
{
	return sysfs_emit(page, "%u\n", dev_to_ptp(dev)->max_vclocks);
}

static ssize_t max_vclocks_store(struct device *dev,
				 struct device_attribute *attr,
				 const char *buf, size_t count)
{
	struct ptp_clock *ptp = dev_to_ptp(dev);
	struct ptp_vclock **slots;
	ssize_t ret = -EINVAL;
	u32 max;

	if (kstrtou32(buf, 0, &max) || !max || max > PTP_MAX_VCLOCKS_LIMIT)
		return -EINVAL;
	if (max == ptp->max_vclocks)
		return count;

	if (mutex_lock_interruptible(&ptp->vclock_mux))
		return -ERESTARTSYS;
	if (max < ptp->n_vclocks)
		goto unlock;
	slots = kvcalloc(max, sizeof(*slots), GFP_KERNEL);
	if (!slots) {
		ret = -ENOMEM;
		goto unlock;
	}
	memcpy(slots, ptp->vclocks, ptp->n_vclocks * sizeof(*slots));
	kvfree(ptp->vclocks);
	ptp->vclocks = slots;
	ptp->max_vclocks = max;
	ret = count;
unlock:
	mutex_unlock(&ptp->vclock_mux);
	return ret;
}
static DEVICE_ATTR_RW(max_vclocks);

/* What the clock can do (always shown), then the controls (see below). */
static struct attribute *ptp_attrs[] = {
	&dev_attr_clock_name.attr,
	&dev_attr_n_alarms.attr,
	&dev_attr_n_external_timestamps.attr,
	&dev_attr_n_periodic_outputs.attr,
	&dev_attr_n_programmable_pins.attr,
	&dev_attr_pps_available.attr,
	&dev_attr_max_adjustment.attr,
	&dev_attr_pps_enable.attr,
	&dev_attr_period.attr,
	&dev_attr_extts_enable.attr,
	&dev_attr_fifo.attr,
	&dev_attr_max_vclocks.attr,
	&dev_attr_n_vclocks.attr,
	NULL
};

/* Show control files only where the clock has the feature, as 6.1 does. */
static umode_t ptp_attr_visible(struct kobject *kobj, struct attribute *attr,
				int n)
{
	struct ptp_clock *ptp = dev_to_ptp(kobj_to_dev(kobj));
	struct ptp_clock_info *info = ptp->info;

	if (attr == &dev_attr_extts_enable.attr || attr == &dev_attr_fifo.attr)
		return info->n_ext_ts ? attr->mode : 0;
	if (attr == &dev_attr_period.attr)
		return info->n_per_out ? attr->mode : 0;
	if (attr == &dev_attr_pps_enable.attr)
		return info->pps ? attr->mode : 0;
	if (attr == &dev_attr_n_vclocks.attr ||
	    attr == &dev_attr_max_vclocks.attr)
		return ptp->is_virtual_clock ? 0 : attr->mode;
	return attr->mode;
}

static const struct attribute_group ptp_attr_group = {
	.attrs		= ptp_attrs,
	.is_visible	= ptp_attr_visible,
};

const struct attribute_group *ptp_class_groups[] = {
	&ptp_attr_group,
	NULL
};

/* pins/<name>: "<function> <channel>". */
static int ptp_pin_by_attr(struct ptp_clock *ptp, struct device_attribute *attr)
{
	int pin = attr - ptp->pin_files;

	return pin >= 0 && pin < ptp->info->n_pins ? pin : -EINVAL;
}

static ssize_t ptp_pin_show(struct device *dev, struct device_attribute *attr,
			    char *page)
{
	struct ptp_clock *ptp = dev_to_ptp(dev);
	int pin = ptp_pin_by_attr(ptp, attr);
	struct ptp_pin_desc pd;
	int err;

	err = pin < 0 ? pin : ptp_pin_read(ptp, pin, &pd);
	return err ? err : sysfs_emit(page, "%u %u\n", pd.func, pd.chan);
}

static ssize_t ptp_pin_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t count)
{
	struct ptp_clock *ptp = dev_to_ptp(dev);
	unsigned int func, chan;
	int pin, err;

	if (ptp_parse_pin(buf, &func, &chan))
		return -EINVAL;
	pin = ptp_pin_by_attr(ptp, attr);
	if (pin < 0)
		return pin;
	err = ptp_request_pinfunc(ptp, pin, func, chan);
	return err ? err : count;
}

/**
 * ptp_pins_sysfs_init() - build the "pins" group of a clock with pins
 * @ptp: the clock, before its device is added
 *
 * Return: 0 or -ENOMEM.
 */
int ptp_pins_sysfs_init(struct ptp_clock *ptp)
{
	const struct ptp_pin_desc *pins = ptp->info->pin_config;
	int i, n = ptp->info->n_pins;
	struct attribute **list;

	if (n <= 0)
		return 0;
	/* Both are freed by the device's release, also on failure here. */
	ptp->pin_files = kcalloc(n, sizeof(*ptp->pin_files), GFP_KERNEL);
	list = kcalloc(n + 1, sizeof(*list), GFP_KERNEL);
	ptp->pins_dir = (struct attribute_group){ .name = "pins", .attrs = list };
	if (!ptp->pin_files || !list)
		return -ENOMEM;

	for (i = 0; i < n; i++) {
		struct device_attribute *file = &ptp->pin_files[i];

		*file = (struct device_attribute){
			.attr = { .name = pins[i].name, .mode = 0644 },
			.show = ptp_pin_show,
			.store = ptp_pin_store,
		};
		sysfs_attr_init(&file->attr);
		list[i] = &file->attr;
	}
	ptp->dev_groups[0] = &ptp->pins_dir;
	return 0;
}

/**
 * ptp_pins_sysfs_free() - free what ptp_pins_sysfs_init() allocated
 * @ptp: the clock, its device released
 */
void ptp_pins_sysfs_free(struct ptp_clock *ptp)
{
	kfree(ptp->pins_dir.attrs);
	kfree(ptp->pin_files);
}
