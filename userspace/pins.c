// SPDX-License-Identifier: GPL-2.0
/*
 * Programmable pins: pins and pin.
 */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#include "ptpctl.h"

static int get_pin(struct ctx *c, unsigned int i, struct ptp_pin_desc *pd)
{
	memset(pd, 0, sizeof(*pd));
	pd->index = i;
	if (ioctl(c->clk.fd, PTP_PIN_GETFUNC, pd))
		return fail_sys(c, "PTP_PIN_GETFUNC", errno,
				ptp_errno_hint(c, errno, false));
	pd->name[sizeof(pd->name) - 1] = '\0';
	return 0;
}

int cmd_pins(struct ctx *c, int argc, char **argv)
{
	struct ptp_pin_desc pd;
	unsigned int i;
	int ret;

	ret = no_args(c, argc, argv);
	if (ret)
		return ret;
	ret = open_clock(c, false);
	if (ret)
		return ret;
	if (c->json)
		printf("[");
	else if (c->clk.caps.n_pins > 0)
		printf("%-5s %-20s %-8s %s\n", "INDEX", "NAME", "FUNC", "CHAN");
	else
		fprintf(stderr, "%s: %s has no programmable pins\n", c->prog,
			c->clk.dev);
	for (i = 0; i < (unsigned int)c->clk.caps.n_pins; i++) {
		ret = get_pin(c, i, &pd);
		if (ret)
			return ret;
		if (c->json) {
			printf("%s\n  {\"index\": %u, \"name\": ", i ? "," : "",
			       pd.index);
			json_str(stdout, pd.name);
			printf(", \"func\": \"%s\", \"chan\": %u}",
			       pin_func_name(pd.func), pd.chan);
		} else {
			printf("%-5u %-20s %-8s %u\n", pd.index, pd.name,
			       pin_func_name(pd.func), pd.chan);
		}
	}
	if (c->json)
		printf("%s]\n", c->clk.caps.n_pins > 0 ? "\n" : "");
	return EXIT_OK;
}

/*
 * Channel @chan of function @func must exist on the clock.  0, or the
 * usage error after reporting it.
 */
int check_channel(struct ctx *c, unsigned int func, unsigned int chan)
{
	const char *what;
	int n;

	switch (func) {
	case PTP_PF_EXTTS:
		n = c->clk.caps.n_ext_ts;
		what = "external timestamp channel";
		break;
	case PTP_PF_PEROUT:
		n = c->clk.caps.n_per_out;
		what = "periodic output channel";
		break;
	default:
		return 0;
	}
	if (chan < (unsigned int)n)
		return 0;
	return fail_usage(c, "channel %u out of range: %s has %d %s%s%s",
			  chan, c->clk.dev, n, what, n == 1 ? "" : "s",
			  n ? "" : " (none)");
}

int cmd_pin(struct ctx *c, int argc, char **argv)
{
	const char *pos[3] = { NULL };
	struct ptp_pin_desc pd;
	unsigned int func, chan = 0, index = 0, i;
	struct optstate st;
	int id, n = 0, ret;
	bool found = false;

	opt_init(&st, c, argc, argv, NULL, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (id == OPT_POS && n < 3)
			pos[n++] = st.arg;
		else
			return opt_error(c, id, &st);
	}
	if (n < 2)
		return fail_usage(c, "needs a pin and a function");
	if (parse_pin_func(pos[1], &func))
		return fail_usage(c, "unknown pin function '%s' (none, extts, perout, physync)",
				  pos[1]);
	if (pos[2] && parse_uint(pos[2], UINT32_MAX, &chan))
		return fail_usage(c, "bad channel '%s'", pos[2]);
	ret = open_clock(c, true);
	if (ret)
		return ret;
	if (!parse_uint(pos[0], UINT32_MAX, &index)) {
		if (index >= (unsigned int)c->clk.caps.n_pins)
			return fail_usage(c, "pin %u out of range: %s has %d pins",
					  index, c->clk.dev, c->clk.caps.n_pins);
	} else {
		for (i = 0; i < (unsigned int)c->clk.caps.n_pins; i++) {
			ret = get_pin(c, i, &pd);
			if (ret)
				return ret;
			if (!strcmp(pd.name, pos[0])) {
				index = i;
				found = true;
				break;
			}
		}
		if (!found)
			return fail_usage(c, "%s has no pin named '%s' (see 'pins')",
					  c->clk.dev, pos[0]);
	}
	ret = check_channel(c, func, chan);
	if (ret)
		return ret;
	memset(&pd, 0, sizeof(pd));
	pd.index = index;
	pd.func = func;
	pd.chan = chan;
	if (ioctl(c->clk.fd, PTP_PIN_SETFUNC, &pd))
		return fail_sys(c, "PTP_PIN_SETFUNC", errno,
				errno == EOPNOTSUPP ?
				"the pin cannot take this function and channel" :
				ptp_errno_hint(c, errno, true));
	return EXIT_OK;
}
