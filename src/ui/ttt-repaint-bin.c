/* ttt-repaint-bin.c — a child repainted whole whenever it is drawn again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Around the window's status and review, whose text changes at every
 * move and step: without it GTK 4.24 left dots of the old text in
 * Chinese (ttt_compat_snapshot_whole()).
 */

#include "config.h"

#include "ttt-compat.h"
#include "ttt-repaint-bin.h"

struct _TttRepaintBin
{
  AdwBin parent_instance;
};

G_DEFINE_FINAL_TYPE (TttRepaintBin, ttt_repaint_bin, ADW_TYPE_BIN)

static void
ttt_repaint_bin_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  ttt_compat_snapshot_whole (widget, snapshot);
  GTK_WIDGET_CLASS (ttt_repaint_bin_parent_class)->snapshot (widget, snapshot);
}

static void
ttt_repaint_bin_class_init (TttRepaintBinClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = ttt_repaint_bin_snapshot;
}

static void
ttt_repaint_bin_init (TttRepaintBin *self)
{
}
